/**
 * The Order Express API (`/api/1`): one Express router per resource, an API-key guard in front of
 * all but POST /keys, and JSON for every answer including errors (docs/api.md).
 */
import { codeForStatus, type ApiErrorBody } from "@core/contract/errors";
import { SHARED_DATA_VERSION_HEADER } from "@core/contract/headers";
import express, { Router, type ErrorRequestHandler, type RequestHandler } from "express";
import { addressPageUrlOf, type DeliveryConfig, type ServerConfig, type SsoConfig } from "./config";
import type { Db } from "./db/connection";
import { isDatabaseUnavailable } from "./db/unavailable";
import type { Row } from "./db/schema";
import { requireApiKey } from "./http/caller";
import type { ApiContext } from "./http/context";
import { HttpError, notFound } from "./http/errors";
import { inProcessApi, type ErrorAnswer } from "./http/in-process";
import { mountedCalls } from "./http/mount";
import { createDeliveryServices, type DeliveryServices } from "./integrations/delivery";
import { createGeocoder, type Geocoder } from "./integrations/geocoder";
import { createIdentityClient, type IdentityClient } from "./integrations/identity";
import type { PaymentGateway } from "./integrations/payment/gateway";
import { logger } from "./logger";
import { openApiDocument } from "./openapi";
import { accountsRouter } from "./routes/accounts";
import { alertsRouter } from "./routes/alerts";
import { brandRouter } from "./routes/brand";
import { catalogsRouter } from "./routes/catalogs";
import { deliveriesRouter } from "./routes/deliveries";
import { departmentsRouter } from "./routes/departments";
import { favoritesRouter } from "./routes/favorites";
import { itemsRouter } from "./routes/items";
import { keysRouter } from "./routes/keys";
import { ordersRouter } from "./routes/orders";
import { paymentsRouter, paymentWebhooksRouter } from "./routes/payments";
import { productsRouter } from "./routes/products";
import { recommendationsRouter } from "./routes/recommendations";
import { storesRouter } from "./routes/stores";
import { storeOrdersRouter } from "./routes/store-orders";
import { findBrandBySlug } from "./services/brands";
import { sharedDataVersionReader } from "./services/shared-data-version";
import { bodyTooLargeMessage, DEFAULT_BODY_LIMITS } from "@core/rules/limits";
import type { InProcessApi } from "@core/contract/in-process";

export function createApi(opts: {
  db: Db;
  config: Pick<ServerConfig, "brandSlug" | "apiSecret"> & {
    sso?: SsoConfig;
    delivery?: DeliveryConfig;
  };
  geocoder?: Geocoder;
  /** Default: the services of `config.delivery` (the sandbox's when it is not given). */
  delivery?: DeliveryServices;
  /** Default: a client of the configured issuer (or the sandbox's), none without either. */
  identity?: IdentityClient | null;
  /** The payment gateway server.ts loaded (decision 021); none by default. */
  payment?: PaymentGateway | null;
}) {
  let brand: Row<"brands"> | undefined;
  const context: ApiContext = {
    db: opts.db,
    config: opts.config,
    geocoder: opts.geocoder ?? createGeocoder(),
    identity: opts.identity !== undefined ? opts.identity : identityClientFor(opts.config.sso),
    sso: {
      returnOrigins: opts.config.sso?.returnOrigins ?? [],
      addressPageUrl: addressPageUrlOf(opts.config.sso),
    },
    delivery: opts.delivery ?? createDeliveryServices(opts.config.delivery),
    payment: opts.payment ?? null,
    async brand() {
      brand ??= await findBrandBySlug(opts.db.kysely, opts.config.brandSlug);
      if (!brand)
        throw new HttpError(
          503,
          `The brand "${opts.config.brandSlug}" is not set up in this database.`,
          undefined,
          "brand_unavailable",
        );
      return brand;
    },
  };

  const api = Router();
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  };
  // Callers that keep shared answers learn from any answer when to drop them.
  const sharedDataVersion = sharedDataVersionReader(opts.db);
  const versionHeader: RequestHandler = (_req, res, next) => {
    sharedDataVersion().then(
      (version) => {
        res.setHeader(SHARED_DATA_VERSION_HEADER, String(version));
        next();
      },
      // The database is away: the call itself will say so.
      () => next(),
    );
  };
  api.use(noStore, versionHeader);
  // Before the JSON parser: a gateway's notice is read raw, as its signature covers the bytes.
  api.use(paymentWebhooksRouter(context));
  api.use(express.json({ limit: DEFAULT_BODY_LIMITS.apiJson }));
  api.get("/openapi.json", (_req, res) => res.json(openApiDocument));
  const keys = keysRouter(context);
  api.use(keys);
  const requireKey = requireApiKey(opts.db);
  api.use(requireKey);
  const routers = [
    brandRouter,
    storesRouter,
    departmentsRouter,
    productsRouter,
    catalogsRouter,
    alertsRouter,
    ordersRouter,
    deliveriesRouter,
    paymentsRouter,
    itemsRouter,
    recommendationsRouter,
    accountsRouter,
    favoritesRouter,
    storeOrdersRouter,
  ].map((router) => router(context));
  for (const router of routers) api.use(router);
  api.use((_req, _res, next) => next(notFound("resource")));
  api.use(jsonErrors);
  inProcess.set(api, (edge) =>
    inProcessApi({
      calls: [keys, ...routers].flatMap(mountedCalls),
      before: [...edge, noStore, versionHeader],
      requireKey,
      errorAnswer,
    }),
  );
  return api;
}

const inProcess = new WeakMap<Router, (edge: readonly RequestHandler[]) => InProcessApi>();

/**
 * The API `createApi` made, for a storefront in this process (decision 045): its calls answered
 * without HTTP, after `edge`, the middleware mounted in front of the API (the rate limits).
 */
export function inProcessApiOf(api: Router, edge: readonly RequestHandler[] = []): InProcessApi {
  const make = inProcess.get(api);
  if (!make) throw new Error("Not an API made by createApi");
  return make(edge);
}

/** The client of OIDC_ISSUER, else of the in-process sandbox when it is mounted, else none. */
function identityClientFor(sso: SsoConfig | undefined): IdentityClient | null {
  const issuer = sso?.issuer ?? (sso?.sandbox ? sso.sandboxIssuer : null);
  if (!sso || !issuer) return null;
  return createIdentityClient({
    issuer,
    clientId: sso.clientId,
    clientSecret: sso.clientSecret,
    scopes: sso.scopes,
  });
}

const SERVICE_UNAVAILABLE =
  "The API service is currently unavailable. Please try again in a few minutes.";

/**
 * What the API answers for a failure, over either transport: its status, error body and headers.
 * An unexpected one is logged and answered as 500.
 */
const errorAnswer: ErrorAnswer = (error, { path, requestId }) => {
  const answer = (body: ApiErrorBody, headers?: Record<string, string>) => ({
    status: body.status,
    body,
    headers,
  });
  if (error instanceof HttpError) {
    return answer({
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }
  // body-parser's own errors: malformed JSON, a body too large, a wrong charset.
  const status = (error as { status?: number; type?: string }).status;
  const type = (error as { type?: string }).type;
  if (type === "entity.parse.failed") {
    return answer({
      status: 422,
      code: "invalid",
      message: "The given data was invalid.",
      errors: { body: ["Malformed JSON."] },
    });
  }
  if (type === "entity.too.large") {
    const message = bodyTooLargeMessage(DEFAULT_BODY_LIMITS.apiJson, "api");
    return answer({ status: 413, code: "payload_too_large", message });
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    return answer({ status, code: codeForStatus(status), message: (error as Error).message });
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away, not broken: say so (spec §8's 503) and let the caller retry.
    logger.warn("database unavailable", {
      id: requestId,
      path,
      error: error instanceof Error ? error.message : String(error),
    });
    return answer(
      {
        status: 503,
        code: "database_unavailable",
        message: SERVICE_UNAVAILABLE,
        request_id: requestId,
      },
      { "Retry-After": "30" },
    );
  }
  logger.error("API error", {
    id: requestId,
    path,
    error: error instanceof Error ? error.stack : String(error),
  });
  return answer({
    status: 500,
    code: "server_error",
    message: "Server Error",
    request_id: requestId,
  });
};

/** Every failure as JSON with its status (errorAnswer). */
const jsonErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  if (res.headersSent) return next(error);
  const { status, body, headers } = errorAnswer(error, {
    path: req.originalUrl.split("?")[0] ?? "",
    requestId: String(res.locals.requestId ?? ""),
  });
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value);
  res.status(status).json(body);
};
