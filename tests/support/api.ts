import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import type { AddressInfo } from "node:net";
import express from "express";
import { inject } from "vitest";
import { registerInProcessApi } from "@core/contract/in-process";
import { createApi, inProcessApiOf } from "../../api/app";
import {
  DEFAULT_SCOPES,
  SANDBOX_PAYMENT_WEBHOOK_SECRET,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  type SsoConfig,
} from "../../api/config";
import type { DeliveryServices } from "../../api/integrations/delivery";
import { loadPaymentGateway, type PaymentGateway } from "../../api/integrations/payment";
import { receivePaymentNotice } from "../../api/services/payments";
import { providerAddressesChanged } from "../../api/services/sign-in";
import { copyOfTemplate } from "./databases";
import type { Geocoder } from "../../api/integrations/geocoder";

export interface TestApi {
  url: string;
  /** The server's origin (the sandbox identity provider is at /sandbox/sso when asked for). */
  origin: string;
  /** The key the helpers use by default. */
  key: string;
  db: Awaited<ReturnType<typeof copyOfTemplate>>;
  /** Calls the API; a string body is sent as-is (to test malformed JSON). */
  call(
    method: string,
    path: string,
    opts?: { key?: string | null; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A fresh API key, as a device registration would get. */
  newKey(): Promise<string>;
  /** The payment gateway the API was given (`pay: "sandbox"`), else null. */
  payment: PaymentGateway | null;
  /** GET with the default key, expecting 200; returns the parsed body. */
  get<T = any>(path: string): Promise<T>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

/**
 * Starts the API alone on an ephemeral loopback port over this file's own database copy; with
 * `sso: "sandbox"` the sandbox identity provider is mounted beside it, as server.ts does; with
 * `pay: "sandbox"` the sandbox payment gateway (its page at /sandbox/pay); with `delivery`, those
 * delivery services answer instead of the sandbox's (decision 022); with `geocoder`, that one.
 */
export async function startTestApi(
  opts: {
    sso?: "sandbox";
    pay?: "sandbox";
    delivery?: DeliveryServices;
    geocoder?: Geocoder;
  } = {},
): Promise<TestApi> {
  process.env.LOG_LEVEL ??= "silent";
  const db = await copyOfTemplate(inject("templateLocation"));
  const app = express();
  // Listening first: the sandbox's issuer URL names the port.
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${origin}/api/1`;
  let sso: SsoConfig | undefined;
  if (opts.sso === "sandbox") {
    sso = {
      issuer: null,
      sandbox: true,
      sandboxIssuer: `${origin}/sandbox/sso`,
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      scopes: DEFAULT_SCOPES,
      returnOrigins: "loopback",
    };
    // Imported only here: the other API tests need not load the provider.
    const { createSandboxProvider } = await import("../../api/integrations/identity/sandbox");
    const provider = await createSandboxProvider({
      db: db.kysely,
      ...sso,
      issuer: sso.sandboxIssuer,
      // As server.ts wires it: the address page's changes reach the API's users.
      onAddressesChanged: (subject, addresses) =>
        providerAddressesChanged(db.kysely, subject, addresses),
    });
    app.use("/sandbox/sso", provider);
  }
  let payment: PaymentGateway | null = null;
  if (opts.pay === "sandbox") {
    // As server.ts loads it: the sandbox's notices reach the API in this process.
    const loaded = await loadPaymentGateway(
      {
        gateway: "sandbox",
        url: null,
        apiKey: "",
        webhookSecret: SANDBOX_PAYMENT_WEBHOOK_SECRET,
        sandboxUrl: `${origin}/sandbox/pay`,
      },
      db.kysely,
      async (body, signature) => {
        await receivePaymentNotice({ db: db.kysely, gateway: payment }, "sandbox", body, signature);
      },
    );
    payment = loaded!.gateway;
    app.use("/sandbox/pay", loaded!.sandboxPages!);
  }
  // Return addresses are checked against the shop's origins: pass sso too for the loopback ones.
  const api = createApi({
    db,
    config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET, sso },
    payment,
    delivery: opts.delivery,
    geocoder: opts.geocoder,
  });
  app.use("/api/1", api);
  // TEST_API_TRANSPORT=in-process (the `in-process` project of vitest.config.ts): a storefront
  // calling `url` in this process reaches the API directly, as server.ts arranges (decision 045).
  const unregister =
    process.env.TEST_API_TRANSPORT === "in-process"
      ? registerInProcessApi(url, inProcessApiOf(api))
      : () => {};

  const call: TestApi["call"] = (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers["content-type"] = "application/json";
      body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    }
    return fetch(url + path, { method, headers, body });
  };
  const newKey = async () => {
    const res = await call("POST", "/keys", {
      body: { uuid: "", device: { app_type: "website" } },
    });
    if (res.status !== 201) throw new Error(`POST /keys answered ${res.status}`);
    return ((await res.json()) as { data: { apikey: string } }).data.apikey;
  };
  const key = await newKey();
  return {
    url,
    origin,
    key,
    db,
    call: (method, path, opts = {}) => call(method, path, { key, ...opts }),
    newKey,
    payment,
    async get(path) {
      const res = await call("GET", path, { key });
      if (res.status !== 200)
        throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    },
    async close() {
      unregister();
      await new Promise((r) => server.close(r));
      await db.dispose();
    },
  };
}
