/**
 * The DoorDash Drive adapter against a stand-in for DoorDash (a fetch of our own): the signed
 * token, the quote and accept calls, field errors handed on under DoorDash's keys, and a service
 * that fails or cannot be reached.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "../../api/config";
import { createDeliveryServices } from "../../api/integrations/delivery";
import {
  doorDashDrive,
  doorDashFieldErrors,
  doorDashToken,
  type DoorDashCredentials,
} from "../../api/integrations/delivery/door-dash";
import { doorDashSandbox } from "../../api/integrations/delivery/door-dash-sandbox";
import { storeDelivery } from "../../api/integrations/delivery/store";
import { DeliveryServiceError, type DeliveryRequest } from "../../api/integrations/delivery/types";

const secret = Buffer.from("a signing secret of thirty-two bytes").toString("base64url");
const credentials: DoorDashCredentials = {
  developerId: "dev-1",
  keyId: "key-1",
  signingSecret: secret,
  baseUrl: "https://doordash.test",
};

const request: DeliveryRequest = {
  externalId: "oe-7-abc123",
  store: {
    name: "Harvest Market",
    address: "1 Main St",
    city: "Princeton",
    state: "NJ",
    zip_code: "08540",
  },
  department: { delivery_amount: 599, delivery_time: 60 },
  dropoff: {
    street: "Nassau Street",
    unit: "12",
    city: "Princeton",
    state: "NJ",
    zip_code: "08542",
  },
  contact: {
    first_name: "Pat",
    last_name: "Rivera",
    phone: "(609) 555-0142",
    email: "pat@example.com",
  },
  instructions: "Ring twice",
  tip: 250,
  orderValue: 4999,
};

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records what it was sent and answers `status` with `body`. */
function stand(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
    });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { sent, fetcher };
}

describe("the DoorDash token", () => {
  it("is an HS256 JWT over the developer, the key and five minutes, signed with the decoded secret", () => {
    const token = doorDashToken(credentials, Date.UTC(2026, 0, 1));
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
      "dd-ver": "DD-JWT-V1",
    });
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    expect(claims).toMatchObject({ aud: "doordash", iss: "dev-1", kid: "key-1" });
    expect(claims.exp - claims.iat).toBe(300);
    const expected = createHmac("sha256", Buffer.from(secret, "base64url"))
      .update(`${header}.${payload}`)
      .digest("base64url");
    expect(signature).toBe(expected);
  });
});

describe("the DoorDash Drive adapter", () => {
  it("quotes with the addresses, contact, value and tip, and accepts the quote", async () => {
    const soon = new Date(Date.now() + 42 * 60_000).toISOString();
    const quoting = stand(200, {
      external_delivery_id: request.externalId,
      fee: 975,
      dropoff_time_estimated: soon,
    });
    const quote = await doorDashDrive(credentials, quoting.fetcher).quote(request);
    expect(quote).toEqual({
      ok: true,
      value: { fee: 975, estimatedMinutes: expect.any(Number), quoteId: request.externalId },
    });
    expect(quote.ok && Math.abs(quote.value.estimatedMinutes - 42)).toBeLessThanOrEqual(1);
    const [call] = quoting.sent;
    expect(call).toMatchObject({ url: "https://doordash.test/drive/v2/quotes", method: "POST" });
    expect(call!.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(call!.body).toMatchObject({
      external_delivery_id: "oe-7-abc123",
      pickup_address: "1 Main St, Princeton, NJ 08540",
      dropoff_address: "12 Nassau Street, Princeton, NJ 08542",
      dropoff_phone_number: "+16095550142",
      dropoff_contact_given_name: "Pat",
      order_value: 4999,
      tip: 250,
    });

    const accepting = stand(200, { external_delivery_id: "dd-123" });
    const booked = await doorDashDrive(credentials, accepting.fetcher).accept(
      request,
      request.externalId,
    );
    expect(booked).toEqual({ ok: true, value: { externalId: "dd-123" } });
    expect(accepting.sent[0]).toMatchObject({
      url: "https://doordash.test/drive/v2/quotes/oe-7-abc123/accept",
      body: { tip: 250 },
    });
  });

  it("hands on DoorDash's field errors under its own keys", async () => {
    const refused = stand(400, {
      code: "validation_error",
      message: "Validation Failed",
      field_errors: [
        { field: "dropoff_address", error: "The address is outside the delivery area." },
        { field: "dropoff_phone_number", error: "Invalid phone number" },
      ],
    });
    const adapter = doorDashDrive(credentials, refused.fetcher);
    expect(await adapter.validate(request)).toEqual({
      dropoff_address: ["The address is outside the delivery area."],
      dropoff_phone_number: ["Invalid phone number"],
    });
    expect(doorDashFieldErrors({ field_errors: { dropoff_address: "far" } })).toEqual({
      dropoff_address: ["far"],
    });
    expect(doorDashFieldErrors({ message: "Quote expired" })).toEqual({
      generic: ["Quote expired"],
    });
    expect(doorDashFieldErrors(null)).toBeNull();
  });

  it("throws DeliveryServiceError when DoorDash fails, answers nonsense or cannot be reached", async () => {
    await expect(doorDashDrive(credentials, stand(500, {}).fetcher).quote(request)).rejects.toThrow(
      DeliveryServiceError,
    );
    await expect(
      doorDashDrive(credentials, stand(200, { fee: "x" }).fetcher).quote(request),
    ).rejects.toThrow(DeliveryServiceError);
    const unreachable = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    await expect(doorDashDrive(credentials, unreachable).quote(request)).rejects.toThrow(
      DeliveryServiceError,
    );
    // Cancelling is best effort: a failure does not throw.
    await expect(doorDashDrive(credentials, unreachable).cancel("dd-1")).resolves.toBeUndefined();
  });
});

describe("which delivery services a deployment has (api/config.ts)", () => {
  const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
  const keys = {
    DOORDASH_DEVELOPER_ID: "d",
    DOORDASH_KEY_ID: "k",
    DOORDASH_SIGNING_SECRET: secret,
  };

  it("uses DoorDash with all three credentials, never the sandbox", () => {
    const config = loadServerConfig(env({ ...keys, SANDBOX_DELIVERY: "1" })).delivery;
    expect(config).toEqual({
      doorDash: {
        developerId: "d",
        keyId: "k",
        signingSecret: secret,
        baseUrl: "https://openapi.doordash.com",
      },
      sandbox: false,
    });
    const services = createDeliveryServices(config);
    expect(services.door_dash).not.toBe(doorDashSandbox);
    expect(services.door_dash?.provider).toBe("door_dash");
    expect(services.store).toBe(storeDelivery);
  });

  it("refuses some credentials without the others", () => {
    expect(() => loadServerConfig(env({ DOORDASH_DEVELOPER_ID: "d" }))).toThrow(/DOORDASH_KEY_ID/);
  });

  it("answers from the sandbox in development, in production only with SANDBOX_DELIVERY=1", () => {
    expect(createDeliveryServices(loadServerConfig(env({})).delivery).door_dash).toBe(
      doorDashSandbox,
    );
    const production = loadServerConfig(env({ NODE_ENV: "production" })).delivery;
    expect(production).toEqual({ doorDash: null, sandbox: false });
    expect(createDeliveryServices(production).door_dash).toBeUndefined();
    expect(
      loadServerConfig(env({ NODE_ENV: "production", SANDBOX_DELIVERY: "1" })).delivery.sandbox,
    ).toBe(true);
  });
});
