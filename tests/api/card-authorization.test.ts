/**
 * Online card payment through the API and the sandbox gateway in one process (decision 021), on
 * SQLite in `test:unit` and PostgreSQL in `test:api:pg`: starting an authorization (idempotent per
 * order, one under a race), the hosted page's test cards, reading and clearing it, the signed
 * webhook, and the placement rule for departments that require online payment.
 */
import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import type { AddressInfo } from "node:net";
import express from "express";
import { cardHoldAmount } from "@core/rules/card-authorization";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { signNotice } from "../../api/integrations/payment/signature";
import { SANDBOX_PAYMENT_WEBHOOK_SECRET } from "../../api/config";
import { startTestApi, type TestApi } from "../support/api";
import { expectRefusal } from "../support/refusals";
import {
  addItem,
  newOrder,
  place,
  plainProduct,
  prepareForPlacement,
  type PlainProduct,
} from "../support/orders";
import { payOnPage } from "../support/payments";
import { signedInKey } from "../support/users";

let api: TestApi;
let product: PlainProduct;
let returnUrl: string;
let cancelUrl: string;

const BILLING = {
  address_line_1: "12 Orchard Lane",
  city: "Princeton",
  state: "nj",
  zip_code: "08540",
};

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  product = await plainProduct(api, 0);
  // This file's own database: the plain products' department takes online payment.
  await setDepartment({ payment_gateway_enabled: 1, remote_orders_require_online_payment: 0 });
  returnUrl = `${api.origin}/card-authorization/process`;
  cancelUrl = `${api.origin}/card-authorization/cancel`;
});
afterAll(() => api.close());

async function setDepartment(flags: {
  payment_gateway_enabled?: number;
  remote_orders_require_online_payment?: number;
  delivery_enabled?: number;
  delivery_amount?: number;
}) {
  await api.db.kysely
    .updateTable("departments")
    .set(flags)
    .where("id", "=", product.department_id)
    .execute();
}

/** A signed-in shopper's cart with `quantity` of the plain product. */
async function cart(quantity = 2) {
  const { key } = await signedInKey(api);
  const order = await newOrder(api, product.department_id, key);
  expect((await addItem(api, order.id, product, quantity, key)).status).toBe(201);
  return { key, id: order.id };
}

const start = (key: string, id: number | string, body: unknown = {}) =>
  api.call("POST", `/orders/${id}/card-authorization`, {
    key,
    body:
      typeof body === "string"
        ? body
        : { return_url: returnUrl, billing_address: BILLING, ...(body as object) },
  });

async function started(key: string, id: number, body: unknown = {}) {
  const res = await start(key, id, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text).data as {
    redirect_url: string;
    reference: string;
    amount: number;
    message: string;
  };
}

const read = (key: string, id: number) =>
  api.call("GET", `/orders/${id}/card-authorization`, { key });

async function authorization(key: string, id: number) {
  const res = await read(key, id);
  expect(res.status).toBe(200);
  return (await res.json()).data as {
    status: string;
    amount: number;
    card_brand: string | null;
    card_last_four: string | null;
    reference: string;
  };
}

const orderTotal = async (id: number) =>
  (
    await api.db.kysely
      .selectFrom("orders")
      .select("total")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).total;

const rowsOf = (id: number) =>
  api.db.kysely
    .selectFrom("card_authorizations")
    .selectAll()
    .where("order_id", "=", id)
    .orderBy("id")
    .execute();

const notice = (body: object) => JSON.stringify(body);
const postNotice = (raw: string, signature?: string, gateway = "sandbox") =>
  fetch(`${api.url}/payment-webhooks/${gateway}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "payment-signature": signature } : {}),
    },
    body: raw,
  });
const event = (reference: string, status: string, amount: number) => ({
  id: `evt_${reference}_${status}`,
  type: "authorization.updated",
  data: { reference, status, amount, card_brand: "visa", card_last_four: "4242" },
});

describe("POST /orders/{id}/card-authorization: bad input is a 4xx, never a 500", () => {
  it("validates the body, the return addresses and the caller", async () => {
    const { key, id } = await cart();
    const invalid = async (body: unknown, field: string) => {
      const refusal = await expectRefusal(await start(key, id, body), 422, "invalid");
      expect(Object.keys(refusal.errors ?? {}), JSON.stringify(refusal.errors)).toContain(field);
    };
    await invalid({ return_url: undefined }, "return_url");
    await invalid({ return_url: "not a url" }, "return_url");
    await invalid({ return_url: "https://evil.example/card-authorization/process" }, "return_url");
    await invalid({ return_url: `${api.origin}/checkout` }, "return_url");
    await invalid({ cancel_url: "https://evil.example/card-authorization/cancel" }, "cancel_url");
    await invalid({ billing_address: { ...BILLING, zip_code: "123" } }, "billing_address.zip_code");
    await invalid(
      { billing_address: { ...BILLING, state: "New Jersey" } },
      "billing_address.state",
    );
    await invalid({ billing_address: { city: "Princeton" } }, "billing_address.address_line_1");
    await invalid({ fees: -1 }, "fees");
    await invalid({ fees: "1" }, "fees");
    await invalid({ user: { first_name: "Pat" } }, "user.email");
    await invalid({ delivery: true, tip: 100 }, "user");
    await invalid({ delivery: "yes" }, "delivery");
    await invalid({ return_url: `${returnUrl}\u0000` }, "return_url");
    await expectRefusal(await start(key, id, "{"), 422, "invalid");
    await expectRefusal(await start(key, id, "[1,2]"), 422, "invalid");
    // Nothing was started by any of them.
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it("is the signed-in owner's, for an order id that exists", async () => {
    const { key, id } = await cart();
    await expectRefusal(await start(key, "abc"), 404, "not_found");
    await expectRefusal(await start(key, 2_147_483_647), 404, "not_found");
    const stranger = await signedInKey(api);
    await expectRefusal(await start(stranger.key, id), 404, "not_found");
    await expectRefusal(await read(stranger.key, id), 404, "not_found");
    // A guest cannot pay online (spec §5), even for a cart of their own.
    const guestOrder = await newOrder(api, product.department_id);
    expect((await addItem(api, guestOrder.id, product, 1)).status).toBe(201);
    await expectRefusal(await start(api.key, guestOrder.id), 401, "unauthenticated");
  });

  it("needs a department that takes online payment, a gateway and items", async () => {
    const { key, id } = await cart();
    await setDepartment({ payment_gateway_enabled: 0 });
    try {
      await expectRefusal(await start(key, id), 422, "online_payment_unavailable");
    } finally {
      await setDepartment({ payment_gateway_enabled: 1 });
    }
    const { key: emptyKey } = await signedInKey(api);
    const empty = await newOrder(api, product.department_id, emptyKey);
    await expectRefusal(await start(emptyKey, empty.id), 422, "order_not_ready");

    // The same API without a gateway (production without SANDBOX_PAY or PAYMENT_GATEWAY_URL).
    const app = express();
    app.use(
      "/api/1",
      createApi({
        db: api.db,
        config: {
          brandSlug: "harvest-market",
          apiSecret: DEVELOPMENT_API_SECRET,
          sso: { returnOrigins: "loopback" } as never,
        },
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/1/orders/${id}/card-authorization`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ return_url: returnUrl, billing_address: BILLING }),
      });
      await expectRefusal(res, 503, "payment_gateway_unavailable");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("starting an authorization", () => {
  it("holds the estimated total plus 15 % of the weighed items, and says so", async () => {
    const { key, id } = await cart(2);
    const plain = await started(key, id);
    expect(plain.amount).toBe(await orderTotal(id));
    expect(plain.redirect_url).toBe(`${api.origin}/sandbox/pay/${plain.reference}`);
    expect(plain.message).toContain("We hold up to $");

    // The same product sold by the pound: its subtotal gets the margin, rounded up to the cent.
    await api.db.kysely
      .updateTable("products")
      .set({ unit_of_measure: "pound" })
      .where("id", "=", product.id)
      .execute();
    try {
      const weighed = await cart(2);
      const body = await started(weighed.key, weighed.id, { fees: 5 });
      const total = await orderTotal(weighed.id);
      const { subtotal } = await api.db.kysely
        .selectFrom("orders")
        .select("subtotal")
        .where("id", "=", weighed.id)
        .executeTakeFirstOrThrow();
      expect(body.amount).toBe(cardHoldAmount(total + 5, [{ unit_of_measure: "pound", subtotal }]));
      expect(body.amount).toBe(total + 5 + Math.ceil((subtotal * 15) / 100));
      expect(body.message).toContain("items sold by weight are weighed at the store");
    } finally {
      await api.db.kysely
        .updateTable("products")
        .set({ unit_of_measure: "each" })
        .where("id", "=", product.id)
        .execute();
    }
  });

  it("starts without a billing address (the gateway's page then asks), keeping none", async () => {
    const { key, id } = await cart();
    const res = await api.call("POST", `/orders/${id}/card-authorization`, {
      key,
      body: { return_url: returnUrl },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data.redirect_url).toMatch(/\/sandbox\/pay\//);
    expect((await rowsOf(id)).map((row) => row.billing_address)).toEqual([null]);
  });

  it("answers the same page again while it is pending, and starts anew once the cart grew", async () => {
    const { key, id } = await cart(1);
    const first = await started(key, id);
    const again = await started(key, id);
    expect(again).toEqual(first);
    expect(await rowsOf(id)).toHaveLength(1);

    const shown = await authorization(key, id);
    expect(shown).toMatchObject({ status: "pending", amount: first.amount, card_last_four: null });
    const res = await api.call("GET", `/orders/${id}?include=cardAuthorization`, { key });
    expect((await res.json()).data.cardAuthorization.data).toMatchObject({ status: "pending" });

    expect((await addItem(api, id, product, 3, key)).status).toBe(201);
    const grown = await started(key, id);
    expect(grown.reference).not.toBe(first.reference);
    expect(grown.amount).toBeGreaterThan(first.amount);
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.status)).toEqual(["voided", "pending"]);
    // The first page is closed at the gateway too.
    expect((await fetch(first.redirect_url)).status).toBe(410);
  });

  it("creates exactly one authorization when parallel requests race", async () => {
    const { key, id } = await cart(2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(key, id)));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(bodies.map((b) => b.data.reference)).size).toBe(1);
    expect(await rowsOf(id)).toHaveLength(1);
    const sessions = await api.db.kysely
      .selectFrom("sandbox_payment_sessions")
      .select("reference")
      .where("reference", "=", bodies[0].data.reference)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it("takes up an attempt the gateway never answered with the same idempotency key", async () => {
    const { key, id } = await cart(2);
    const now = new Date().toISOString();
    // As a request leaves it when the gateway timed out after the attempt was written.
    await api.db.kysely
      .insertInto("card_authorizations")
      .values({
        order_id: id,
        attempt_key: `oe_${id}_left-starting`,
        gateway: "sandbox",
        gateway_reference: null,
        redirect_url: null,
        status: "starting",
        amount: await orderTotal(id),
        card_brand: null,
        card_last_four: null,
        return_url: returnUrl,
        cancel_url: cancelUrl,
        billing_address: JSON.stringify(BILLING),
        created_at: now,
        updated_at: now,
      })
      .execute();
    // Not shown while it is not at the gateway.
    await expectRefusal(await read(key, id), 404, "not_found");
    const body = await started(key, id);
    const session = await api.db.kysely
      .selectFrom("sandbox_payment_sessions")
      .select("idempotency_key")
      .where("reference", "=", body.reference)
      .executeTakeFirstOrThrow();
    expect(session.idempotency_key).toBe(`oe_${id}_left-starting`);
    expect((await rowsOf(id)).map((r) => [r.status, r.gateway_reference])).toEqual([
      ["pending", body.reference],
    ]);
  });

  it("adds a delivery order's fee and tip, and checks the delivery payload", async () => {
    const { key, id } = await cart(1);
    const delivery = {
      delivery: true,
      tip: 250,
      user: {
        first_name: "Pat",
        last_name: "Rivera",
        email: "pat@example.com",
        phone: "(609) 555-0142",
        address_line_1: "12 Orchard Lane",
        city: "Princeton",
        state: "NJ",
        zip_code: "08540",
      },
    };
    await setDepartment({ delivery_enabled: 0 });
    await expectRefusal(await start(key, id, delivery), 422, "invalid");
    await setDepartment({ delivery_enabled: 1, delivery_amount: 599 });
    const bad = await expectRefusal(
      await start(key, id, { ...delivery, user: { ...delivery.user, phone: "12" } }),
      422,
      "invalid",
    );
    expect(bad.errors?.["user.phone"]).toEqual(["Please input your 10 digit mobile number"]);
    const body = await started(key, id, delivery);
    expect(body.amount).toBe((await orderTotal(id)) + 599 + 250);
    await setDepartment({ delivery_enabled: 0, delivery_amount: 0 });
  });
});

describe("the sandbox's hosted page", () => {
  it("approves 4242 4242 4242 4242, keeping only the brand and last four, and returns with the reference", async () => {
    const { key, id } = await cart();
    const { redirect_url, reference, amount } = await started(key, id);
    const { res, html } = await payOnPage(redirect_url, {});
    expect(html).toContain("Harvest Market");
    expect(html).toContain(`$${(amount / 100).toFixed(2)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${returnUrl}?reference=${reference}`);
    expect(await authorization(key, id)).toMatchObject({
      status: "approved",
      card_brand: "visa",
      card_last_four: "4242",
      reference,
    });
    const session = await api.db.kysely
      .selectFrom("sandbox_payment_sessions")
      .selectAll()
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(session)).not.toContain("4242424242424242");
    const [row] = await rowsOf(id);
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    // Paid once: the page does not take a second payment, and POST answers the same reference.
    expect((await fetch(redirect_url)).status).toBe(409);
    expect((await started(key, id)).reference).toBe(reference);
  });

  it("declines 4000 0000 0000 0002 and 4000 0000 0000 9995; a refused one is replaced by a new attempt", async () => {
    const { key, id } = await cart();
    const first = await started(key, id);
    expect(
      (await payOnPage(first.redirect_url, { card_number: "4000 0000 0000 0002" })).res.status,
    ).toBe(303);
    expect((await authorization(key, id)).status).toBe("declined");
    const second = await started(key, id);
    expect(second.reference).not.toBe(first.reference);
    expect((await authorization(key, id)).status).toBe("pending");
    await payOnPage(second.redirect_url, { card_number: "4000000000009995" });
    expect((await authorization(key, id)).status).toBe("insufficient_funds");
  });

  it("shows errors beside the fields and refuses a post without its form token", async () => {
    const { key, id } = await cart();
    const { redirect_url } = await started(key, id);
    const { res } = await payOnPage(redirect_url, {
      card_number: "4242 4242 4242 4241",
      expiry: "01/20",
      cvc: "1",
      name: " ",
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    for (const message of [
      "Enter a valid card number.",
      "This card has expired: enter a future expiry date.",
      "Enter the 3 or 4 digit security code.",
      "Enter the name on the card.",
    ])
      expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain("4242 4242 4242 4241");

    const forged = await fetch(redirect_url, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "csrf=x&card_number=4242424242424242&expiry=12%2F40&cvc=123&name=Eve",
    });
    expect(forged.status).toBe(403);
    const { res: wrongToken } = await payOnPage(redirect_url, { csrf: "a".repeat(43) });
    expect(wrongToken.status).toBe(403);
    expect((await authorization(key, id)).status).toBe("pending");
    expect((await fetch(`${api.origin}/sandbox/pay/sbx_unknown`)).status).toBe(404);
  });
});

describe("DELETE /orders/{id}/card-authorization ('Pay At Store')", () => {
  it("clears it and voids the hold at the gateway", async () => {
    const { key, id } = await cart();
    const { redirect_url } = await started(key, id);
    await payOnPage(redirect_url, {});
    const res = await api.call("DELETE", `/orders/${id}/card-authorization`, { key });
    expect(res.status).toBe(204);
    await expectRefusal(await read(key, id), 404, "not_found");
    const order = await api.call("GET", `/orders/${id}?include=cardAuthorization`, { key });
    expect((await order.json()).data.cardAuthorization.data).toBeNull();
    expect((await rowsOf(id)).map((r) => r.status)).toEqual(["voided"]);
    const stranger = await signedInKey(api);
    await expectRefusal(
      await api.call("DELETE", `/orders/${id}/card-authorization`, { key: stranger.key }),
      404,
      "not_found",
    );
    // Clearing nothing is fine.
    expect((await api.call("DELETE", `/orders/${id}/card-authorization`, { key })).status).toBe(
      204,
    );
  });
});

describe("POST /payment-webhooks/{gateway}", () => {
  it("applies a signed notice once, and refuses a bad, missing or stale signature with 400", async () => {
    const { key, id } = await cart();
    const { reference, amount } = await started(key, id);
    const raw = notice(event(reference, "approved", amount));
    const sign = (body: string, when = new Date()) =>
      signNotice(SANDBOX_PAYMENT_WEBHOOK_SECRET, body, when);

    await expectRefusal(await postNotice(raw), 400, "payment_webhook_signature_invalid");
    await expectRefusal(
      await postNotice(raw, signNotice("another-secret", raw)),
      400,
      "payment_webhook_signature_invalid",
    );
    // Signed, then changed on the way.
    await expectRefusal(
      await postNotice(raw.replace("approved", "declined"), sign(raw)),
      400,
      "payment_webhook_signature_invalid",
    );
    await expectRefusal(
      await postNotice(raw, sign(raw, new Date(Date.now() - 10 * 60_000))),
      400,
      "payment_webhook_signature_invalid",
    );
    await expectRefusal(
      await postNotice(raw, "t=abc,v1=zz"),
      400,
      "payment_webhook_signature_invalid",
    );
    expect((await authorization(key, id)).status).toBe("pending");

    const ok = await postNotice(raw, sign(raw));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { received: true } });
    expect(await authorization(key, id)).toMatchObject({
      status: "approved",
      card_last_four: "4242",
    });
    // The same notice again, or a contrary one, changes nothing.
    expect((await postNotice(raw, sign(raw))).status).toBe(200);
    const contrary = notice(event(reference, "declined", amount));
    expect((await postNotice(contrary, sign(contrary))).status).toBe(200);
    expect((await authorization(key, id)).status).toBe("approved");

    await expectRefusal(await postNotice(raw, sign(raw), "hosted"), 404, "not_found");
    await expectRefusal(await postNotice("{", sign("{")), 422, "invalid");
    const wrong = notice({ id: "x", type: "other" });
    await expectRefusal(await postNotice(wrong, sign(wrong)), 422, "invalid");
  });
});

describe("placing an order that requires online payment", () => {
  it("needs an approved authorization that still covers the total, checked at placement", async () => {
    await setDepartment({ remote_orders_require_online_payment: 1 });
    try {
      const { key, id } = await cart(1);
      await prepareForPlacement(api, id, { key });
      await expectRefusal(await place(api, id, undefined, key), 422, "online_payment_required");
      const { redirect_url } = await started(key, id);
      // Pending is not enough.
      await expectRefusal(await place(api, id, undefined, key), 422, "online_payment_required");
      await payOnPage(redirect_url, { card_number: "4000000000000002" });
      await expectRefusal(await place(api, id, undefined, key), 422, "online_payment_required");

      const retry = await started(key, id);
      await payOnPage(retry.redirect_url, {});
      // The cart grew past the hold: the shopper must authorize again.
      expect((await addItem(api, id, product, 5, key)).status).toBe(201);
      const refusal = await expectRefusal(
        await place(api, id, undefined, key),
        422,
        "card_authorization_insufficient",
      );
      expect(refusal.errors?.card_authorization).toHaveLength(1);
      const again = await started(key, id);
      expect(again.reference).not.toBe(retry.reference);
      await payOnPage(again.redirect_url, {});
      const placed = await place(api, id, undefined, key);
      expect(placed.status, await placed.clone().text()).toBe(200);
      expect((await placed.json()).data.cardAuthorization.data).toMatchObject({
        status: "approved",
      });
      // A placed order's authorization stays as it is.
      await expectRefusal(await start(key, id), 403, "order_not_editable");
      await expectRefusal(
        await api.call("DELETE", `/orders/${id}/card-authorization`, { key }),
        403,
        "order_not_editable",
      );
    } finally {
      await setDepartment({ remote_orders_require_online_payment: 0 });
    }
  });

  it("places without online payment where the department does not require it", async () => {
    const { key, id } = await cart(1);
    await prepareForPlacement(api, id, { key });
    expect((await place(api, id, undefined, key)).status).toBe(200);
  });
});
