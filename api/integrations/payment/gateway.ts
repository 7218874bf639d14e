/**
 * What the API asks of a payment gateway (decision 021), whichever it is: start an authorization
 * on its hosted page, read its result, void it, capture it (all or part, decision 043), and
 * check the signature of its notices.
 */
import type { CardAuthorizationStatus } from "@core/contract/payments";
import { verifyNotice } from "./signature";

interface AuthorizationRequest {
  /** Ours, one per attempt: the same key again answers the same authorization, never a second. */
  idempotencyKey: string;
  /** In cents. */
  amount: number;
  currency: "USD";
  merchantName: string;
  description: string;
  /** The storefront's pages the gateway sends the shopper back to (it adds `reference`). */
  returnUrl: string;
  cancelUrl: string;
  customer: { email: string | null; name: string | null };
}

interface StartedAuthorization {
  reference: string;
  /** The hosted payment page for this authorization. */
  redirectUrl: string;
}

export interface AuthorizationResult {
  reference: string;
  status: CardAuthorizationStatus;
  amount: number;
  cardBrand: string | null;
  cardLastFour: string | null;
}

interface CaptureRequest {
  /** In cents, at most the authorized amount. */
  amount: number;
  /** Ours, one per hold: a retried capture is answered, never charged twice. */
  idempotencyKey: string;
}

interface CaptureResult {
  capturedAmount: number;
}

export interface PaymentGateway {
  /** Names the webhook address too: POST /api/1/payment-webhooks/{name}. */
  readonly name: "sandbox" | "hosted";
  start(request: AuthorizationRequest): Promise<StartedAuthorization>;
  retrieve(reference: string): Promise<AuthorizationResult>;
  /** Releases the hold (or closes the page before it is used); a second void changes nothing. */
  void(reference: string): Promise<void>;
  /**
   * Charges `amount` of an approved hold, never more than it holds (refused otherwise); a partial
   * capture releases the rest. The same idempotency key again answers the first capture.
   */
  capture(reference: string, request: CaptureRequest): Promise<CaptureResult>;
  /** Whether a notice's raw body carries this gateway's signature, made recently. */
  verifyNotice(rawBody: string, signature: string | undefined, now?: Date): boolean;
}

/** The gateway could not be reached, timed out or failed on its side: try again later. */
export class PaymentGatewayUnreachable extends Error {}
/** The gateway answered and refused the request (a bad key, an unknown reference). */
export class PaymentGatewayRefused extends Error {}

/** Signature checks are the same for every gateway: HMAC-SHA256 under the webhook secret. */
export const noticeVerifier =
  (secret: string): PaymentGateway["verifyNotice"] =>
  (rawBody, signature, now) =>
    verifyNotice(secret, rawBody, signature, now);

/** Delivers a signed notice to the API in this process (the sandbox's webhook). */
export type NoticeDelivery = (rawBody: string, signature: string) => Promise<void>;
