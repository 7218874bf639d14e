/**
 * The payment adapter's parts that need no database (decision 021): notice signatures, the
 * sandbox's card rules, the real gateway's HTTP client against a fake provider, and which gateway
 * the configuration chooses.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServerConfig } from "../../api/config";
import {
  PaymentGatewayRefused,
  PaymentGatewayUnreachable,
} from "../../api/integrations/payment/gateway";
import { createHostedGateway } from "../../api/integrations/payment/hosted";
import { CARD_ERRORS, readCard } from "../../api/integrations/payment/sandbox/cards";
import { signNotice, verifyNotice } from "../../api/integrations/payment/signature";

describe("notice signatures (HMAC-SHA256 over t.body)", () => {
  const body = '{"id":"evt_1"}';
  const now = new Date("2026-11-24T12:00:00Z");

  it("verifies its own signature and nothing else", () => {
    const header = signNotice("secret", body, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyNotice("secret", body, header, now)).toBe(true);
    expect(verifyNotice("other", body, header, now)).toBe(false);
    expect(verifyNotice("secret", `${body} `, header, now)).toBe(false);
    expect(verifyNotice("secret", body, undefined, now)).toBe(false);
    expect(verifyNotice("secret", body, "v1=abc", now)).toBe(false);
    expect(verifyNotice("secret", body, header.replace(/t=\d+/, "t=1"), now)).toBe(false);
  });

  it("accepts five minutes either way, not more", () => {
    const header = signNotice("secret", body, now);
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(verifyNotice("secret", body, header, at(299))).toBe(true);
    expect(verifyNotice("secret", body, header, at(-299))).toBe(true);
    expect(verifyNotice("secret", body, header, at(301))).toBe(false);
    expect(verifyNotice("secret", body, header, at(-301))).toBe(false);
  });

  it("takes any of several v1 signatures (a secret being rotated)", () => {
    const good = signNotice("secret", body, now).split(",")[1];
    const t = signNotice("secret", body, now).split(",")[0];
    expect(verifyNotice("secret", body, `${t},v1=${"0".repeat(64)},${good}`, now)).toBe(true);
  });
});

describe("the sandbox's card form", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const card = (over: Partial<Record<string, string>> = {}) => ({
    card_number: "4242 4242 4242 4242",
    expiry: "12/30",
    cvc: "123",
    name: "Pat Rivera",
    ...over,
  });

  it.each([
    ["4242 4242 4242 4242", "approved"],
    ["4000000000000002", "declined"],
    ["4000 0000 0000 9995", "insufficient_funds"],
  ])("%s is %s, known by brand and last four only", (number, outcome) => {
    const read = readCard(card({ card_number: number }), now);
    expect(read).toEqual({
      ok: true,
      outcome,
      brand: "visa",
      lastFour: number.replace(/ /g, "").slice(-4),
    });
  });

  it("names each field's problem", () => {
    expect(readCard(card({ card_number: "4242 4242 4242 4241" }), now)).toEqual({
      ok: false,
      errors: { card_number: CARD_ERRORS.number },
    });
    expect(readCard(card({ card_number: "5555555555554444" }), now)).toEqual({
      ok: false,
      errors: { card_number: CARD_ERRORS.notTestCard },
    });
    const read = readCard({ card_number: "", expiry: "13/30", cvc: "12345", name: "" }, now);
    expect(read).toEqual({
      ok: false,
      errors: {
        card_number: CARD_ERRORS.number,
        expiry: CARD_ERRORS.expiryFormat,
        cvc: CARD_ERRORS.cvc,
        name: CARD_ERRORS.name,
      },
    });
  });

  it("takes the expiry month to its end", () => {
    expect(readCard(card({ expiry: "11/26" }), now).ok).toBe(true);
    expect(readCard(card({ expiry: "10/26" }), now)).toMatchObject({
      errors: { expiry: CARD_ERRORS.expiryPast },
    });
    expect(readCard(card({ expiry: "1 / 2031" }), now).ok).toBe(true);
  });
});

describe("the hosted gateway's HTTP client", () => {
  const seen: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] =
    [];
  let answer: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(req, res);
    });
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const gateway = () =>
    createHostedGateway({ url, apiKey: "sk_test", webhookSecret: "whsec", timeout: 2000 });
  const request = {
    idempotencyKey: "oe_1_abc",
    amount: 2425,
    currency: "USD" as const,
    merchantName: "Harvest Market",
    description: "Deli order at Princeton",
    returnUrl: "https://shop.example/card-authorization/process",
    cancelUrl: "https://shop.example/card-authorization/cancel",
    customer: { email: "pat@example.com", name: "Pat Rivera" },
  };

  it("creates a session with the attempt's idempotency key and answers its page", async () => {
    answer = json(200, { id: "cs_1", redirect_url: "https://pay.example/cs_1", status: "open" });
    expect(await gateway().start(request)).toEqual({
      reference: "cs_1",
      redirectUrl: "https://pay.example/cs_1",
    });
    const call = seen.at(-1)!;
    expect(call.method).toBe("POST");
    expect(call.url).toBe("/v1/sessions");
    expect(call.headers.authorization).toBe("Bearer sk_test");
    expect(call.headers["idempotency-key"]).toBe("oe_1_abc");
    expect(JSON.parse(call.body)).toMatchObject({ mode: "authorize", amount: 2425 });
  });

  it("reads a session's state in our words, and voids it", async () => {
    answer = json(200, {
      id: "cs_1",
      status: "authorized",
      amount: 2425,
      card: { brand: "visa", last4: "4242" },
    });
    expect(await gateway().retrieve("cs_1")).toEqual({
      reference: "cs_1",
      status: "approved",
      amount: 2425,
      cardBrand: "visa",
      cardLastFour: "4242",
    });
    // A provider that answers a cancel with no body at all.
    answer = (_req, res) => res.writeHead(204).end();
    await gateway().void("cs_1");
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/v1/sessions/cs_1/cancel" });
  });

  it("tells a refusal from a gateway that is away", async () => {
    answer = json(401, { error: "bad key" });
    await expect(gateway().retrieve("cs_1")).rejects.toBeInstanceOf(PaymentGatewayRefused);
    answer = json(503, {});
    await expect(gateway().retrieve("cs_1")).rejects.toBeInstanceOf(PaymentGatewayUnreachable);
    answer = (_req, res) => res.writeHead(200).end("not json");
    await expect(gateway().retrieve("cs_1")).rejects.toBeInstanceOf(PaymentGatewayUnreachable);
    answer = json(200, { id: "cs_1", status: "mystery" });
    await expect(gateway().retrieve("cs_1")).rejects.toBeInstanceOf(PaymentGatewayRefused);
    const away = createHostedGateway({
      url: "http://127.0.0.1:1",
      apiKey: "k",
      webhookSecret: "w",
    });
    await expect(away.start(request)).rejects.toBeInstanceOf(PaymentGatewayUnreachable);
  });
});

describe("which gateway the configuration chooses", () => {
  const payment = (env: Record<string, string>) =>
    loadServerConfig(env as NodeJS.ProcessEnv).payment;

  it("the sandbox in development, none in production unless SANDBOX_PAY=1", () => {
    expect(payment({}).gateway).toBe("sandbox");
    expect(payment({ NODE_ENV: "production" }).gateway).toBeNull();
    expect(payment({ NODE_ENV: "production", SANDBOX_PAY: "1" }).gateway).toBe("sandbox");
    expect(payment({ SANDBOX_PAY: "0" }).gateway).toBeNull();
    expect(payment({ PORT: "3500" }).sandboxUrl).toBe("http://localhost:3500/sandbox/pay");
  });

  it("a real gateway with its URL and both secrets; https and a secret of its own in production", () => {
    const real = {
      PAYMENT_GATEWAY_URL: "https://pay.example/v1",
      PAYMENT_GATEWAY_SECRET: "sk",
      PAYMENT_WEBHOOK_SECRET: "wh",
    };
    expect(payment(real)).toMatchObject({ gateway: "hosted", apiKey: "sk", webhookSecret: "wh" });
    expect(() => payment({ PAYMENT_GATEWAY_URL: "https://pay.example" })).toThrow(
      /PAYMENT_GATEWAY_SECRET/,
    );
    expect(() =>
      payment({
        ...real,
        PAYMENT_GATEWAY_URL: "http://pay.example",
        APP_ENV: "production",
        API_SECRET: "a",
      }),
    ).toThrow(/https/);
    expect(() => payment({ APP_ENV: "production", SANDBOX_PAY: "1", API_SECRET: "a" })).toThrow(
      /PAYMENT_WEBHOOK_SECRET/,
    );
  });
});
