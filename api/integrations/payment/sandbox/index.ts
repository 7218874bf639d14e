/**
 * The sandbox payment gateway (decision 021): a stand-in for a hosted-payment-page provider, so
 * online payment works on a laptop, in tests and in the demo. server.ts mounts its page at
 * /sandbox/pay when no PAYMENT_GATEWAY_URL is set (SANDBOX_PAY; on in development). Its sessions
 * live in the shop's database (`sandbox_payment_sessions`), so any worker serves any step; it keeps
 * a card's brand and last four digits, never the number.
 *
 * Paying posts the form back to the page, which records the result, sends the API the signed
 * notice a real gateway would post to its webhook (here delivered in-process), and sends the
 * browser (303) to the shop's return address with the reference. The mount path itself is the
 * ledger (ledger.ts): each hold, what was captured, released and is still held.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import express, { Router, type NextFunction, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import type { CardAuthorizationStatus, PaymentWebhookEvent } from "@core/contract/payments";
import type { Database, Row } from "../../../db/schema";
import { toIso } from "../../../db/values";
import { logger } from "../../../logger";
import {
  noticeVerifier,
  PaymentGatewayRefused,
  type NoticeDelivery,
  type PaymentGateway,
} from "../gateway";
import { signNotice } from "../signature";
import { readCard, type CardForm } from "./cards";
import { ledgerPage } from "./ledger";
import { noticePage, paymentPage, type PaymentPageForm } from "./pages";

/** How long a session's page may be used. */
const SESSION_MINUTES = 30;
const CSRF_COOKIE = "sandbox_pay_browser";

export interface SandboxGatewayOptions {
  db: Kysely<Database>;
  /** The page's URL as browsers reach it, ending in its mount path (SANDBOX_PAY_URL). */
  pageUrl: string;
  webhookSecret: string;
  /** Hands a signed notice to the API's webhook. */
  deliver: NoticeDelivery;
}

/** A session's state in the gateway's words, as the shop reads it. */
function statusOf(session: Row<"sandbox_payment_sessions">, now: Date): CardAuthorizationStatus {
  if (session.status === "open")
    return new Date(toIso(session.expires_at)!).getTime() <= now.getTime() ? "expired" : "pending";
  if (session.status === "voided") return "cancelled";
  // Captured (all or part, decision 043): the authorization itself was approved.
  if (session.status === "captured") return "approved";
  return session.status as CardAuthorizationStatus;
}

/** Adds `reference` to one of the shop's addresses. */
function withReference(address: string, reference: string): string {
  const url = new URL(address);
  url.searchParams.set("reference", reference);
  return url.toString();
}

export function createSandboxGateway(options: SandboxGatewayOptions) {
  const { db } = options;
  const pageUrl = options.pageUrl.replace(/\/+$/, "");
  const find = (reference: string) =>
    db
      .selectFrom("sandbox_payment_sessions")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirst();

  const gateway: PaymentGateway = {
    name: "sandbox",
    async start(request) {
      const now = new Date();
      // The same idempotency key again finds the first session: two starts make one.
      await db
        .insertInto("sandbox_payment_sessions")
        .values({
          reference: `sbx_${randomBytes(12).toString("hex")}`,
          idempotency_key: request.idempotencyKey,
          amount: request.amount,
          currency: request.currency,
          merchant_name: request.merchantName,
          description: request.description,
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          status: "open",
          card_brand: null,
          card_last_four: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_MINUTES * 60_000).toISOString(),
        })
        .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
        .execute();
      const session = await db
        .selectFrom("sandbox_payment_sessions")
        .selectAll()
        .where("idempotency_key", "=", request.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (session.amount !== request.amount)
        throw new PaymentGatewayRefused("This idempotency key was used for another amount.");
      return { reference: session.reference, redirectUrl: `${pageUrl}/${session.reference}` };
    },
    async retrieve(reference) {
      const session = await find(reference);
      if (!session) throw new PaymentGatewayRefused("No such session.");
      return {
        reference,
        status: statusOf(session, new Date()),
        amount: session.amount,
        cardBrand: session.card_brand,
        cardLastFour: session.card_last_four,
      };
    },
    async void(reference) {
      await db
        .updateTable("sandbox_payment_sessions")
        .set({ status: "voided", updated_at: new Date().toISOString() })
        .where("reference", "=", reference)
        .where("status", "in", ["open", "approved"])
        .execute();
    },
    async capture(reference, request) {
      // One capture per hold: the first key's amount stands; an approved hold only, up to it.
      await db
        .updateTable("sandbox_payment_sessions")
        .set({
          status: "captured",
          captured_amount: request.amount,
          capture_key: request.idempotencyKey,
          updated_at: new Date().toISOString(),
        })
        .where("reference", "=", reference)
        .where("status", "=", "approved")
        .where("amount", ">=", request.amount)
        .execute();
      const session = await find(reference);
      if (!session) throw new PaymentGatewayRefused("No such session.");
      if (session.status === "captured" && session.capture_key === request.idempotencyKey)
        return { capturedAmount: session.captured_amount ?? 0 };
      if (session.status === "approved")
        throw new PaymentGatewayRefused("A capture cannot exceed the authorized amount.");
      throw new PaymentGatewayRefused(`This authorization cannot be captured (${session.status}).`);
    },
    verifyNotice: noticeVerifier(options.webhookSecret),
  };

  return { gateway, pages: sandboxPages(options, find) };
}

/** The hosted page: GET shows the form, POST pays. */
function sandboxPages(
  options: SandboxGatewayOptions,
  find: (reference: string) => Promise<Row<"sandbox_payment_sessions"> | undefined>,
): Router {
  const { db } = options;
  const pageUrl = new URL(options.pageUrl);
  const secure = pageUrl.protocol === "https:";
  const mountPath = pageUrl.pathname.replace(/\/+$/, "");
  const router = Router();
  const forms = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 10 });
  const nonceOf = (res: Response) => String(res.locals.cspNonce ?? "");
  const html = (res: Response, status: number, body: string) =>
    void res.status(status).type("html").set("Cache-Control", "no-store").send(body);

  const browserCookie = (req: Request) =>
    new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=([A-Za-z0-9_-]{20,64})`).exec(
      req.get("cookie") ?? "",
    )?.[1];
  /** This browser's value (a cookie), made on its first visit: the form's token is bound to it. */
  function browserValue(req: Request, res: Response): string {
    const found = browserCookie(req);
    if (found) return found;
    const made = randomBytes(18).toString("base64url");
    res.cookie(CSRF_COOKIE, made, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: mountPath || "/",
    });
    return made;
  }
  const tokenFor = (browser: string, reference: string) =>
    createHmac("sha256", options.webhookSecret)
      .update(`sandbox-pay-form.${browser}.${reference}`)
      .digest("base64url");
  function tokenValid(req: Request, reference: string): boolean {
    const browser = browserCookie(req);
    const sent = (req.body as Record<string, unknown> | undefined)?.csrf;
    if (!browser || typeof sent !== "string") return false;
    const expected = Buffer.from(tokenFor(browser, reference));
    const given = Buffer.from(sent);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  const formOf = (reference: string, session: Row<"sandbox_payment_sessions">, token: string) =>
    ({
      action: `${mountPath}/${reference}`,
      cancelHref: withReference(session.cancel_url, reference),
      csrfToken: token,
    }) satisfies PaymentPageForm;
  const pageSession = (session: Row<"sandbox_payment_sessions">) => ({
    merchantName: session.merchant_name,
    description: session.description,
    amount: session.amount,
  });

  /** Answers the page for a session that cannot take a payment now; false when it can. */
  function answeredClosed(res: Response, session: Row<"sandbox_payment_sessions"> | undefined) {
    const nonce = nonceOf(res);
    const close = (status: number, body: string) => (html(res, status, body), true);
    if (!session)
      return close(404, noticePage(nonce, "Payment not found", "This payment link is not valid."));
    const status = statusOf(session, new Date());
    if (status === "pending") return false;
    const back = (text: string, to: string) => ({
      href: withReference(to, session.reference),
      text,
    });
    if (status === "expired" || status === "cancelled")
      return close(
        410,
        noticePage(
          nonce,
          "Payment closed",
          status === "expired"
            ? "This payment page has expired. Return to the shop to start again."
            : "The shop has cancelled this payment.",
          back(`Return to ${session.merchant_name}`, session.cancel_url),
        ),
      );
    return close(
      409,
      noticePage(
        nonce,
        "Payment already made",
        "This payment has already been submitted.",
        back(`Return to ${session.merchant_name}`, session.return_url),
      ),
    );
  }

  const step =
    (handle: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) =>
      void handle(req, res).catch(next);

  // The ledger: each authorization's hold, captures and releases (issue 30).
  router.get(
    "/",
    step(async (req, res) => {
      const reference = typeof req.query.reference === "string" ? req.query.reference : null;
      html(res, 200, await ledgerPage(db, nonceOf(res), reference?.slice(0, 64) || null));
    }),
  );

  router.get(
    "/:reference",
    step(async (req, res) => {
      const reference = String(req.params.reference);
      const session = await find(reference);
      if (answeredClosed(res, session)) return;
      const token = tokenFor(browserValue(req, res), reference);
      html(
        res,
        200,
        paymentPage(nonceOf(res), pageSession(session!), formOf(reference, session!, token)),
      );
    }),
  );

  router.post(
    "/:reference",
    forms,
    step(async (req, res) => {
      const reference = String(req.params.reference);
      const session = await find(reference);
      if (answeredClosed(res, session)) return;
      const origin = req.get("origin");
      if ((origin && origin !== pageUrl.origin) || !tokenValid(req, reference))
        return html(
          res,
          403,
          noticePage(
            nonceOf(res),
            "Payment form expired",
            "This form could not be checked. Open the payment page again and retry.",
            { href: `${mountPath}/${reference}`, text: "Open the payment page again" },
          ),
        );
      const body = req.body as Record<string, unknown>;
      const text = (name: keyof CardForm) =>
        typeof body[name] === "string" ? (body[name] as string).slice(0, 100) : "";
      const form: CardForm = {
        card_number: text("card_number"),
        expiry: text("expiry"),
        cvc: text("cvc"),
        name: text("name"),
      };
      const card = readCard(form);
      if (!card.ok) {
        const token = String(body.csrf);
        return html(
          res,
          422,
          paymentPage(nonceOf(res), pageSession(session!), {
            ...formOf(reference, session!, token),
            values: { expiry: form.expiry, name: form.name },
            errors: card.errors,
          }),
        );
      }
      const recorded = await db
        .updateTable("sandbox_payment_sessions")
        .set({
          status: card.outcome,
          card_brand: card.brand,
          card_last_four: card.lastFour,
          updated_at: new Date().toISOString(),
        })
        .where("reference", "=", reference)
        .where("status", "=", "open")
        .executeTakeFirst();
      // A second tab paid first: that payment stands.
      if (Number(recorded.numUpdatedRows) === 0)
        return void answeredClosed(res, await find(reference));
      await notify(options, {
        id: `evt_${randomBytes(12).toString("hex")}`,
        type: "authorization.updated",
        data: {
          reference,
          status: card.outcome,
          amount: session!.amount,
          card_brand: card.brand,
          card_last_four: card.lastFour,
        },
      });
      res.redirect(303, withReference(session!.return_url, reference));
    }),
  );

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    const readable = typeof status === "number" && status >= 400 && status < 500;
    if (!readable)
      logger.error("sandbox payment page error", {
        error: error instanceof Error ? error.stack : String(error),
      });
    html(
      res,
      readable ? status : 500,
      noticePage(
        nonceOf(res),
        "Payment problem",
        readable ? "The form could not be read. Please try again." : "Something went wrong.",
      ),
    );
  });
  return router;
}

/**
 * The webhook a real gateway would post: signed over its exact bytes. A failed delivery is only
 * logged: the shop also reads the result from the gateway when the shopper comes back.
 */
async function notify(options: SandboxGatewayOptions, event: PaymentWebhookEvent) {
  const body = JSON.stringify(event);
  try {
    await options.deliver(body, signNotice(options.webhookSecret, body));
  } catch (error) {
    logger.warn("sandbox payment notice not delivered", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
