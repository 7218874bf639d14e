/**
 * Every end of an order releases its card hold at the gateway, once, and a failed release is
 * retried, not forgotten (api/services/hold-releases.ts). On SQLite in `test:unit` and
 * PostgreSQL in `test:api:pg`, against the sandbox gateway in the same process, whose own record
 * of each authorization says whether the hold is still there.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PaymentGateway } from "../../api/integrations/payment/gateway";
import { releaseHolds } from "../../api/services/hold-releases";
import { setStoreStatus } from "../../api/services/store-status";
import { startTestApi, type TestApi } from "../support/api";
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
let gateway: PaymentGateway;
let product: PlainProduct;
let realVoid: PaymentGateway["void"];
/** References the API asked the gateway to void, in order. */
let voids: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  gateway = api.payment!;
  realVoid = gateway.void.bind(gateway);
  product = await plainProduct(api, 0);
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: 0 })
    .where("id", "=", product.department_id)
    .execute();
});
afterAll(() => api.close());
afterEach(() => {
  voids = [];
  gateway.void = countingVoid();
});

/** The sandbox's void, counted; `fail` makes it answer as an unreachable gateway would. */
function countingVoid(fail = false, delayMs = 0): PaymentGateway["void"] {
  return async (reference) => {
    voids.push(reference);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (fail) throw new Error("gateway timed out");
    await realVoid(reference);
  };
}

/** A signed-in shopper's cart whose card hold the sandbox approved; placed when asked. */
async function heldOrder({ placed = false } = {}) {
  gateway.void = countingVoid();
  const { key } = await signedInKey(api);
  const order = await newOrder(api, product.department_id, key);
  const item = await addItem(api, order.id, product, 2, key);
  expect(item.status).toBe(201);
  const itemId = ((await item.json()) as { data: { id: number } }).data.id;
  const returnUrl = `${api.origin}/card-authorization/process`;
  const started = await api.call("POST", `/orders/${order.id}/card-authorization`, {
    key,
    body: { return_url: returnUrl },
  });
  expect(started.status, await started.clone().text()).toBe(200);
  const { redirect_url, reference } = (
    (await started.json()) as {
      data: { redirect_url: string; reference: string };
    }
  ).data;
  await payOnPage(redirect_url, {});
  if (placed) {
    await prepareForPlacement(api, order.id, { key });
    const res = await place(api, order.id, undefined, key);
    expect(res.status, await res.clone().text()).toBe(200);
  }
  expect(await holdAtGateway(reference)).toBe("approved");
  return { key, id: order.id, itemId, reference };
}

/** What the sandbox gateway itself holds for the reference. */
async function holdAtGateway(reference: string) {
  const row = await api.db.kysely
    .selectFrom("sandbox_payment_sessions")
    .select("status")
    .where("reference", "=", reference)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function authorizationRow(reference: string) {
  return api.db.kysely
    .selectFrom("card_authorizations")
    .select(["status", "release_attempts", "release_claimed_at"])
    .where("gateway_reference", "=", reference)
    .executeTakeFirstOrThrow();
}

describe("an order that ends releases its card hold at the gateway, once", () => {
  it("when the shopper cancels a placed order", async () => {
    const { key, id, reference } = await heldOrder({ placed: true });
    const res = await api.call("DELETE", `/orders/${id}`, { key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(await authorizationRow(reference)).toMatchObject({ status: "voided" });
    expect(voids).toEqual([reference]);
  });

  it("when the shopper drops the cart", async () => {
    const { key, id, reference } = await heldOrder();
    expect((await api.call("DELETE", `/orders/${id}`, { key })).status).toBe(200);
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(voids).toEqual([reference]);
  });

  it("when the last item is removed", async () => {
    const { key, itemId, reference } = await heldOrder();
    expect((await api.call("DELETE", `/items/${itemId}`, { key })).status).toBe(200);
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(voids).toEqual([reference]);
  });

  it("when a placed order is taken back into the cart and then abandoned", async () => {
    const { key, id, reference } = await heldOrder({ placed: true });
    expect((await api.call("PUT", `/orders/${id}/retract`, { key })).status).toBe(200);
    // Back in the cart the hold still pays for it: nothing is released yet.
    expect(await holdAtGateway(reference)).toBe("approved");
    expect(voids).toEqual([]);
    expect((await api.call("DELETE", `/orders/${id}`, { key })).status).toBe(200);
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(voids).toEqual([reference]);
  });

  it("when the store cancels it: marked in the same change, voided by the next sweep", async () => {
    const { id, reference } = await heldOrder({ placed: true });
    const { number } = await api.db.kysely
      .selectFrom("orders")
      .select("number")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(await setStoreStatus(api.db.kysely, number!, "cancelled")).toBe(true);
    expect(await authorizationRow(reference)).toMatchObject({ status: "releasing" });
    expect(await releaseHolds(api.db.kysely, gateway)).toEqual({ released: 1, failed: 0 });
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(voids).toEqual([reference]);
  });
});

describe("a release that fails", () => {
  it("never fails the cancel, keeps the hold marked, and the sweep releases it once", async () => {
    const { key, id, reference } = await heldOrder({ placed: true });
    gateway.void = countingVoid(true);
    const res = await api.call("DELETE", `/orders/${id}`, { key });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe("cancelled");
    expect(await holdAtGateway(reference)).toBe("approved");
    expect(await authorizationRow(reference)).toEqual({
      status: "releasing",
      release_attempts: 1,
      release_claimed_at: null,
    });
    // Still down at the next sweep: tried again, still kept.
    expect(await releaseHolds(api.db.kysely, gateway)).toEqual({ released: 0, failed: 1 });
    expect((await authorizationRow(reference)).release_attempts).toBe(2);
    expect(voids).toEqual([reference, reference]);

    voids = [];
    gateway.void = countingVoid();
    expect(await releaseHolds(api.db.kysely, gateway)).toEqual({ released: 1, failed: 0 });
    expect(await holdAtGateway(reference)).toBe("voided");
    expect(await authorizationRow(reference)).toMatchObject({ status: "voided" });
    // Released: later sweeps leave it alone.
    expect(await releaseHolds(api.db.kysely, gateway)).toEqual({ released: 0, failed: 0 });
    expect(voids).toEqual([reference]);
  });

  it("is voided by one of two processes sweeping at once, not both", async () => {
    const { key, id, reference } = await heldOrder({ placed: true });
    gateway.void = countingVoid(true);
    expect((await api.call("DELETE", `/orders/${id}`, { key })).status).toBe(200);
    voids = [];
    // A slow gateway: both sweeps find the hold before either has voided it.
    gateway.void = countingVoid(false, 200);
    const outcomes = await Promise.all([
      releaseHolds(api.db.kysely, gateway),
      releaseHolds(api.db.kysely, gateway),
    ]);
    expect(outcomes.map((o) => o.released).sort()).toEqual([0, 1]);
    expect(voids).toEqual([reference]);
    expect(await holdAtGateway(reference)).toBe("voided");
  });
});
