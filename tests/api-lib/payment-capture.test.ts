/**
 * The real gateway's capture call (decision 043) against a fake provider: the amount and the
 * idempotency key sent, what it captured read back, a refusal and a failure told apart.
 */
import { describe, expect, it } from "vitest";
import {
  PaymentGatewayRefused,
  PaymentGatewayUnreachable,
} from "../../api/integrations/payment/gateway";
import { createHostedGateway } from "../../api/integrations/payment/hosted";

function gatewayAnswering(status: number, body: string) {
  const sent: { url: string; init: RequestInit }[] = [];
  const gateway = createHostedGateway({
    url: "https://pay.example/v1/",
    apiKey: "key",
    webhookSecret: "secret",
    fetch: async (url, init) => {
      sent.push({ url: String(url), init: init ?? {} });
      return new Response(body, { status });
    },
  });
  return { gateway, sent };
}

describe("the hosted gateway's capture", () => {
  it("posts the amount under our idempotency key and answers what was captured", async () => {
    const { gateway, sent } = gatewayAnswering(200, '{"id":"ses_1","amount_captured":2100}');
    const result = await gateway.capture("ses_1", { amount: 2100, idempotencyKey: "capture-7" });
    expect(result).toEqual({ capturedAmount: 2100 });
    expect(sent[0]!.url).toBe("https://pay.example/v1/sessions/ses_1/capture");
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ amount: 2100 });
    expect(new Headers(sent[0]!.init.headers).get("idempotency-key")).toBe("capture-7");
  });

  it("tells a refusal (above the hold) from a gateway that failed", async () => {
    await expect(
      gatewayAnswering(400, "{}").gateway.capture("s", { amount: 1, idempotencyKey: "k" }),
    ).rejects.toBeInstanceOf(PaymentGatewayRefused);
    await expect(
      gatewayAnswering(503, "").gateway.capture("s", { amount: 1, idempotencyKey: "k" }),
    ).rejects.toBeInstanceOf(PaymentGatewayUnreachable);
    await expect(
      gatewayAnswering(200, "{}").gateway.capture("s", { amount: 1, idempotencyKey: "k" }),
    ).rejects.toBeInstanceOf(PaymentGatewayUnreachable);
  });
});
