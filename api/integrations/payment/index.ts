/**
 * Payment gateway adapter (decision 021): the shopper's card is authorized on the gateway's own
 * hosted page, so no card number ever reaches the shop (PCI DSS SAQ-A). The API starts an
 * authorization for an amount and gets the page's address and the gateway's reference, reads an
 * authorization's result, voids one, and checks the signature of the gateway's notices.
 *
 * Which gateway: PAYMENT_GATEWAY_URL (with its secrets) is a real hosted-payment-page provider
 * (./hosted.ts); without it, the sandbox (./sandbox/, its page at /sandbox/pay) where it is
 * allowed. The sandbox is imported only when chosen, so a deployment with a real gateway never
 * loads it.
 */
import type { Kysely } from "kysely";
import type { Router } from "express";
import type { PaymentConfig } from "../../config";
import type { Database } from "../../db/schema";
import type { NoticeDelivery, PaymentGateway } from "./gateway";
import { createHostedGateway } from "./hosted";

export * from "./gateway";

export interface LoadedGateway {
  gateway: PaymentGateway;
  /** The sandbox's hosted page, for server.ts to mount at config.sandboxPath. */
  sandboxPages?: Router;
}

/** The configured gateway, or null when this deployment offers no online payment. */
export async function loadPaymentGateway(
  config: PaymentConfig,
  db: Kysely<Database>,
  deliver: NoticeDelivery,
): Promise<LoadedGateway | null> {
  if (config.gateway === "hosted") {
    return {
      gateway: createHostedGateway({
        url: config.url!,
        apiKey: config.apiKey,
        webhookSecret: config.webhookSecret,
      }),
    };
  }
  if (config.gateway !== "sandbox") return null;
  // Loaded only where it is used: a deployment with a real gateway never runs it.
  const { createSandboxGateway } = await import("./sandbox");
  const sandbox = createSandboxGateway({
    db,
    pageUrl: config.sandboxUrl,
    webhookSecret: config.webhookSecret,
    deliver,
  });
  return { gateway: sandbox.gateway, sandboxPages: sandbox.pages };
}
