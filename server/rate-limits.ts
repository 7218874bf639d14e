/**
 * Request rate limits (numbers in ./limits.ts). Over a limit the API answers 429 as JSON and a
 * storefront page answers the 429 page; both say when to try again (Retry-After).
 *
 * Who counts as one client:
 * - storefront posts: the shopper's address (req.ip, which follows TRUST_PROXY);
 * - the API: the API key when the call has one (hashed, so keys never reach Redis), else the
 *   address. The storefront calls the API over loopback for every shopper; a loopback call that
 *   carries X-Forwarded-For is counted for the address it forwards. Its own key registrations
 *   (loopback, nothing forwarded) are not counted, or every new visitor would share one limit.
 * - the API's per-address limits (promotion codes): the shopper's address the storefront passes on
 *   with each call, believed only with its signature by API_SECRET (core/contract/api-secret.ts);
 *   else the address as above. A made-up key per guess does not make a new client there.
 */
import {
  isSignedBy,
  SHOPPER_ADDRESS_HEADER,
  SHOPPER_ADDRESS_PURPOSE,
  SHOPPER_ADDRESS_SIGNATURE_HEADER,
} from "@core/contract/api-secret";
import { createHash } from "node:crypto";
import { Router, type Request, type RequestHandler, type Response } from "express";
import { ipKeyGenerator, rateLimit, type Options } from "express-rate-limit";
import { sendEdgeAnswer } from "./answers";
import { describeWait, type RateName, type RateRule } from "./limits";
import type { LimitStores } from "./rate-limit-stores";

export interface RateLimitSettings {
  /** Null: rate limiting is off. */
  rates: Record<RateName, RateRule> | null;
  stores: LimitStores;
}

const MESSAGES: Record<RateName, string> = {
  storefrontPosts: "You have sent a lot of forms in a short time.",
  storefrontUploads: "You have uploaded a lot of photos in a short time.",
  apiKeyCreation: "Too many API keys were requested from this address.",
  promotionPerOrder: "Too many promotion codes were tried on this order.",
  promotionPerClient: "Too many promotion codes were tried.",
  promotionPerAddress: "Too many promotion codes were tried from this address.",
  orderPlacement: "Too many attempts to place an order.",
  apiUploads: "Too many photos were uploaded.",
};

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function isLoopback(req: Request): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? "");
}

/** The last X-Forwarded-For entry: the address the local forwarder itself saw. */
function forwardedAddress(req: Request): string | null {
  const header = req.get("x-forwarded-for");
  const last = header?.split(",").pop()?.trim();
  return last || null;
}

/** The shopper's address: forwarded by a local caller (the storefront, a local proxy), or req.ip. */
function clientAddress(req: Request): string {
  const forwarded = isLoopback(req) ? forwardedAddress(req) : null;
  return ipKeyGenerator(forwarded ?? req.ip ?? "unknown");
}

/** The address the storefront signed for this call, when the signature is the shared secret's. */
function signedShopperAddress(req: Request, apiSecret: string): string | null {
  const address = req.get(SHOPPER_ADDRESS_HEADER)?.trim();
  const signature = req.get(SHOPPER_ADDRESS_SIGNATURE_HEADER)?.trim();
  if (!address || !signature) return null;
  return isSignedBy(apiSecret, SHOPPER_ADDRESS_PURPOSE, address, signature) ? address : null;
}

function apiClientKey(req: Request): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "")?.[1];
  if (bearer) return `key:${createHash("sha256").update(bearer).digest("base64url")}`;
  return `ip:${clientAddress(req)}`;
}

type Extra = Partial<
  Pick<
    Options,
    | "keyGenerator"
    | "skip"
    | "skipFailedRequests"
    | "skipSuccessfulRequests"
    | "requestWasSuccessful"
  >
>;

function limiter(settings: RateLimitSettings, name: RateName, extra: Extra = {}): RequestHandler {
  const rule = settings.rates?.[name];
  if (!rule) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    // RateLimit and RateLimit-Policy headers, and Retry-After on a 429.
    standardHeaders: "draft-7",
    legacyHeaders: false,
    store: settings.stores.store(name),
    keyGenerator: (req) => clientAddress(req),
    handler: (req, res) => {
      const wait = Number(res.getHeader("Retry-After") ?? rule.windowMs / 1000);
      sendEdgeAnswer(req, res, {
        status: 429,
        message: `${MESSAGES[name]} Please try again in ${describeWait(wait)}.`,
      });
    },
    ...extra,
  });
}

/** Set by the page that read a photo from the post (through the load context). */
export function notePhotoUpload(res: Response) {
  res.locals.photoUpload = true;
}

/**
 * Storefront form posts, and photos on top of them. The product form is multipart whether or not
 * a photo is chosen, and whether one came is known only once the page has read the body: every
 * multipart post is counted as it arrives (so a burst of photos is stopped before it is read), and
 * the count is given back when the answer goes out without a photo read. Adding to the cart never
 * uses up the photo limit of everyone behind one address.
 */
export function storefrontRateLimits(settings: RateLimitSettings): RequestHandler {
  const posts = limiter(settings, "storefrontPosts");
  const uploads = limiter(settings, "storefrontUploads", {
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.locals.photoUpload !== true,
  });
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    posts(req, res, (error?: unknown) => {
      if (error || !req.is("multipart/form-data")) return next(error);
      uploads(req, res, next);
    });
  };
}

/** Mounted at /api/1 in front of the API's own routers. */
export function apiRateLimits(settings: RateLimitSettings & { apiSecret: string }): Router {
  const perClient = { keyGenerator: apiClientKey };
  const perAddress = {
    keyGenerator: (req: Request) => {
      const signed = signedShopperAddress(req, settings.apiSecret);
      return signed ? ipKeyGenerator(signed) : clientAddress(req);
    },
  };
  const router = Router();
  router.post(
    "/keys",
    limiter(settings, "apiKeyCreation", {
      skip: (req) => isLoopback(req) && !forwardedAddress(req),
    }),
  );
  router.post(
    "/orders/:id/promotion",
    limiter(settings, "promotionPerOrder", {
      keyGenerator: (req) => `order:${req.params.id}`,
      // Only the order's owner uses up its attempts: a caller who gets 401/403/404 does not.
      skipFailedRequests: true,
      requestWasSuccessful: (_req, res) => ![401, 403, 404].includes(res.statusCode),
    }),
    limiter(settings, "promotionPerClient", perClient),
    limiter(settings, "promotionPerAddress", perAddress),
  );
  router.put("/orders/:id/place", limiter(settings, "orderPlacement", perClient));
  router.post("/items/:id/image", limiter(settings, "apiUploads", perClient));
  return router;
}
