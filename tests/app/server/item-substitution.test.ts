/**
 * A cart item's substitution choice through the storefront's own actions and loader, against a
 * real API (decision 029): the cart row's form, the 'Substitute with…' page's list and post, the
 * refusals in the rule's words (CSRF on both posts: forms-csrf.test.ts).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SUBSTITUTE_NOT_OFFERED,
  SUBSTITUTE_REQUIRED,
  SUBSTITUTIONS_OFF_REFUSAL,
} from "@core/rules/substitution";
import { action as cartAction } from "~/routes/cart";
import {
  action as substituteAction,
  loader as substituteLoader,
} from "~/routes/cart_.items.$item.substitute";
import { SAVE_ITEM_SUBSTITUTION, substitutePath } from "~/lib/substitution";
import type { TestApi } from "../../support/api";
import { addItem, newOrder, plainProducts, type PlainProduct } from "../../support/orders";
import {
  postForm,
  SITE,
  startStorefrontApi,
  shopperOf,
  testContext,
} from "../../support/storefront";

let api: TestApi;
let product: PlainProduct;

beforeAll(async () => {
  api = await startStorefrontApi("item-substitution-test-secret");
  for (const candidate of await plainProducts(api)) {
    const order = await newOrder(api, candidate.department_id);
    const item = (await (await addItem(api, order.id, candidate, 1)).json()).data;
    if ((await api.get(`/items/${item.id}/substitutes`)).data.length >= 2) {
      product = candidate;
      return;
    }
  }
  throw new Error("no product with similar products in the demo data");
});
afterAll(async () => {
  await api?.close();
});

/** A cart of the test API's key with one item; substitutions allowed unless said otherwise. */
async function cart(allowed = true) {
  const order = await newOrder(api, product.department_id);
  const item = (await (await addItem(api, order.id, product, 1)).json()).data as { id: number };
  if (allowed)
    await api.call("PUT", `/orders/${order.id}`, { body: { substitutions_allowed: true } });
  return { orderId: order.id, itemId: item.id };
}

async function sessionFor(path: string, orderId: number) {
  const context = await testContext();
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", api.key);
  session.set("orderId", orderId);
  return { context, session };
}

async function postToCart(orderId: number, fields: Record<string, string>) {
  const { context, session } = await sessionFor("/cart", orderId);
  return postForm(cartAction, { path: "/cart", context, session, fields });
}

async function postToPage(orderId: number, itemId: number, fields: Record<string, string>) {
  const path = substitutePath(itemId);
  const { context, session } = await sessionFor(path, orderId);
  return postForm(substituteAction, {
    path,
    context,
    session,
    fields,
    params: { item: String(itemId) },
  });
}

async function storedChoice(itemId: number) {
  return api.db.kysely
    .selectFrom("order_items")
    .select(["substitution", "substitute_product_id"])
    .where("id", "=", itemId)
    .executeTakeFirstOrThrow();
}

describe("the cart row's 'If unavailable:' form", () => {
  it("saves Best match or Don't substitute and goes back to the cart; with scripts answers data", async () => {
    const { orderId, itemId } = await cart();
    const fields = { intent: SAVE_ITEM_SUBSTITUTION, itemId: String(itemId) };
    const plain = await postToCart(orderId, { ...fields, substitution: "none" });
    expect(plain).toMatchObject({ status: 303, location: "/cart" });
    expect(await storedChoice(itemId)).toEqual({
      substitution: "none",
      substitute_product_id: null,
    });

    const enhanced = await postToCart(orderId, {
      ...fields,
      substitution: "best_match",
      enhanced: "1",
    });
    expect(enhanced.status).toBe(200);
    expect(enhanced.body).toMatchObject({ itemId, saved: true });
    expect((await storedChoice(itemId)).substitution).toBe("best_match");
  });

  it("'Substitute with…' leads to the page of similar products; an item not in the cart back to the cart", async () => {
    const { orderId, itemId } = await cart();
    const fields = { intent: SAVE_ITEM_SUBSTITUTION, itemId: String(itemId) };
    expect(await postToCart(orderId, { ...fields, substitution: "product" })).toMatchObject({
      status: 303,
      location: substitutePath(itemId),
    });
    for (const bad of [
      { ...fields, itemId: "999999", substitution: "none" },
      { ...fields, itemId: "abc", substitution: "none" },
      { ...fields, substitution: "sometimes" },
    ])
      expect(await postToCart(orderId, bad)).toMatchObject({ status: 303, location: "/cart" });
  });

  it("while substitutions are off, says only 'Don't substitute' can be chosen", async () => {
    const { orderId, itemId } = await cart(false);
    const answer = await postToCart(orderId, {
      intent: SAVE_ITEM_SUBSTITUTION,
      itemId: String(itemId),
      substitution: "best_match",
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ itemId, error: SUBSTITUTIONS_OFF_REFUSAL });
  });
});

describe("the 'Substitute with…' page", () => {
  it("lists up to 5 similar products, and saves the one chosen", async () => {
    const { orderId, itemId } = await cart();
    const path = substitutePath(itemId);
    const { context } = await sessionFor(path, orderId);
    const page = (await substituteLoader({
      request: new Request(`${SITE}${path}`),
      context,
      params: { item: String(itemId) },
    } as LoaderFunctionArgs)) as {
      allowed: boolean;
      candidates: { id: number; name: string; price: string }[];
    };
    expect(page.allowed).toBe(true);
    expect(page.candidates.length).toBeGreaterThanOrEqual(2);
    expect(page.candidates.length).toBeLessThanOrEqual(5);
    expect(page.candidates.map((c) => c.id)).not.toContain(product.id);
    expect(page.candidates[0]!.price).toMatch(/^\$\d+\.\d\d \/ /);

    const chosen = page.candidates[1]!.id;
    const saved = await postToPage(orderId, itemId, { substitute_product_id: String(chosen) });
    expect(saved).toMatchObject({ status: 303, location: "/cart" });
    expect(await storedChoice(itemId)).toEqual({
      substitution: "product",
      substitute_product_id: chosen,
    });
  });

  it("says what is wrong with no product or one not offered, and keeps the choice as it was", async () => {
    const { orderId, itemId } = await cart();
    const none = await postToPage(orderId, itemId, {});
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ error: SUBSTITUTE_REQUIRED });
    const own = await postToPage(orderId, itemId, { substitute_product_id: String(product.id) });
    expect(own.status).toBe(422);
    expect(own.body).toMatchObject({ error: SUBSTITUTE_NOT_OFFERED });
    expect((await storedChoice(itemId)).substitution).toBeNull();
  });

  it("sends an item not in the cart back to the cart", async () => {
    const { orderId } = await cart();
    const path = substitutePath(999999);
    const { context } = await sessionFor(path, orderId);
    const answer = await substituteLoader({
      request: new Request(`${SITE}${path}`),
      context,
      params: { item: "999999" },
    } as LoaderFunctionArgs).catch((e: unknown) => e);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("location")).toBe("/cart");
  });
});
