/**
 * A real gateway: a small HTTP client for the usual hosted-payment-page provider shape (decision
 * 021), configured by PAYMENT_GATEWAY_URL, PAYMENT_GATEWAY_SECRET and PAYMENT_WEBHOOK_SECRET.
 *
 *   POST {url}/sessions               create an authorization-only session → { id, redirect_url }
 *                                     (Idempotency-Key: the attempt's key)
 *   GET  {url}/sessions/{id}          its state → { id, status, amount, card: { brand, last4 } }
 *   POST {url}/sessions/{id}/cancel   void it
 *
 * Every call carries `Authorization: Bearer PAYMENT_GATEWAY_SECRET` and may take 10 s. Nothing
 * here imports the sandbox.
 */
import { z } from "zod";
import type { CardAuthorizationStatus } from "@core/contract/payments";
import {
  noticeVerifier,
  PaymentGatewayRefused,
  PaymentGatewayUnreachable,
  type AuthorizationResult,
  type PaymentGateway,
} from "./gateway";

export interface HostedGatewayOptions {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Milliseconds each call may take. */
  timeout?: number;
  fetch?: typeof fetch;
}

/** The provider's words for a session's state, in ours. */
const STATUS: Record<string, CardAuthorizationStatus> = {
  open: "pending",
  pending: "pending",
  requires_action: "pending",
  authorized: "approved",
  approved: "approved",
  declined: "declined",
  insufficient_funds: "insufficient_funds",
  canceled: "cancelled",
  cancelled: "cancelled",
  voided: "cancelled",
  expired: "expired",
};

const SessionSchema = z.object({
  id: z.string().min(1).max(200),
  redirect_url: z.string().url().optional(),
  status: z.string(),
  amount: z.number().int().min(0).optional(),
  card: z
    .object({
      brand: z.string().nullish(),
      last4: z
        .string()
        .regex(/^\d{4}$/)
        .nullish(),
    })
    .nullish(),
});

export function createHostedGateway(options: HostedGatewayOptions): PaymentGateway {
  const base = options.url.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function call(method: "GET" | "POST", path: string, body?: unknown, key?: string) {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: "application/json",
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(key ? { "idempotency-key": key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeout ?? 10_000),
      });
    } catch (error) {
      throw new PaymentGatewayUnreachable(`The payment gateway could not be reached: ${error}`);
    }
    const text = await res.text().catch(() => "");
    if (res.status >= 500 || res.status === 429)
      throw new PaymentGatewayUnreachable(`The payment gateway answered ${res.status}.`);
    if (!res.ok) throw new PaymentGatewayRefused(`The payment gateway refused (${res.status}).`);
    return text;
  }

  /** A call whose answer is a session. */
  async function session(method: "GET" | "POST", path: string, body?: unknown, key?: string) {
    const text = await call(method, path, body, key);
    try {
      return SessionSchema.parse(JSON.parse(text));
    } catch {
      throw new PaymentGatewayUnreachable("The payment gateway's answer could not be read.");
    }
  }

  const resultOf = (session: z.infer<typeof SessionSchema>): AuthorizationResult => {
    const status = STATUS[session.status.toLowerCase()];
    if (!status) throw new PaymentGatewayRefused(`Unknown session status "${session.status}".`);
    return {
      reference: session.id,
      status,
      amount: session.amount ?? 0,
      cardBrand: session.card?.brand ?? null,
      cardLastFour: session.card?.last4 ?? null,
    };
  };

  return {
    name: "hosted",
    async start(request) {
      const started = await session(
        "POST",
        "/sessions",
        {
          mode: "authorize",
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          merchant_name: request.merchantName,
          description: request.description,
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.idempotencyKey,
          customer_email: request.customer.email,
          customer_name: request.customer.name,
        },
        request.idempotencyKey,
      );
      if (!started.redirect_url)
        throw new PaymentGatewayUnreachable("The payment gateway sent no page address.");
      return { reference: started.id, redirectUrl: started.redirect_url };
    },
    async retrieve(reference) {
      return resultOf(await session("GET", `/sessions/${encodeURIComponent(reference)}`));
    },
    async void(reference) {
      // Whatever it answers on success (the session, or nothing) is not needed.
      await call("POST", `/sessions/${encodeURIComponent(reference)}/cancel`, {});
    },
    async capture(reference, request) {
      // The provider's capture: an amount up to the authorized one; the rest is released.
      const text = await call(
        "POST",
        `/sessions/${encodeURIComponent(reference)}/capture`,
        { amount: request.amount },
        request.idempotencyKey,
      );
      let captured: unknown;
      try {
        captured = (JSON.parse(text) as { amount_captured?: unknown }).amount_captured;
      } catch {
        throw new PaymentGatewayUnreachable("The payment gateway's answer could not be read.");
      }
      if (typeof captured !== "number")
        throw new PaymentGatewayUnreachable("The payment gateway did not say what it captured.");
      return { capturedAmount: captured };
    },
    verifyNotice: noticeVerifier(options.webhookSecret),
  };
}
