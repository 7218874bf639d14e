import type { ApiErrorCode } from "@core/contract/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { expectRefusal as expectCodedRefusal } from "../support/refusals";
import {
  addItem,
  cartWithOneItem,
  newOrder,
  place,
  plainProduct,
  readyToPlace,
  setStock,
} from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The answer is an error body of the contract with this status, code and message. */
async function expectRefusal(res: Response, status: number, code: ApiErrorCode, message?: string) {
  const body = await expectCodedRefusal(res, status, code);
  expect(body.status).toBe(status);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

describe("every API error carries a code from the contract", () => {
  it("401, 404 and 422 have their status's code", async () => {
    await expectRefusal(
      await api.call("GET", "/brand", { key: null }),
      401,
      "unauthenticated",
      "Unauthenticated.",
    );
    await expectRefusal(await api.call("GET", "/stores/999999"), 404, "not_found");
    await expectRefusal(await api.call("GET", "/no-such-call"), 404, "not_found");
    await expectRefusal(
      await api.call("GET", "/stores?include=nope"),
      422,
      "invalid",
      "The given data was invalid.",
    );
    await expectRefusal(await api.call("POST", "/orders", { body: "{" }), 422, "invalid");
  });

  it("add to cart: a product the department does not sell, a quantity not in stock", async () => {
    const product = await plainProduct(api, 3);
    const order = await newOrder(api, product.department_id);
    const missing = await api.call("POST", "/items", {
      body: { order_id: order.id, product_id: 2_147_483_647, quantity: 1 },
    });
    await expectRefusal(
      missing,
      422,
      "product_unavailable_in_department",
      "The product is not available in that department.",
    );
    await setStock(api, product, 1);
    try {
      await expectRefusal(
        await addItem(api, order.id, product, 5),
        422,
        "quantity_unavailable",
        "The requested quantity is not available.",
      );
    } finally {
      await setStock(api, product, null);
    }
  });

  it("checkout: a pickup time that is gone, promotions refused, a placed order", async () => {
    const { order } = await cartWithOneItem(api);
    await expectRefusal(
      await api.call("PUT", `/orders/${order.id}`, {
        body: { pickup_at: "2001-01-01T10:00:00.000Z" },
      }),
      422,
      "pickup_time_unavailable",
      "That pickup time is no longer available.",
    );
    await expectRefusal(
      await api.call("POST", `/orders/${order.id}/promotion`, { body: { code: " " } }),
      422,
      "promotion_code_required",
    );
    await expectRefusal(
      await api.call("POST", `/orders/${order.id}/promotion`, { body: { code: "NO-SUCH" } }),
      400,
      "promotion_refused",
    );

    const placed = await readyToPlace(api);
    expect((await place(api, placed, "once")).status).toBe(200);
    await expectRefusal(await place(api, placed), 403, "duplicate_order");
    const product = await plainProduct(api);
    await expectRefusal(await addItem(api, placed, product, 1), 403, "order_not_editable");
  });

  it("placement: stock that ran out since the cart is out_of_stock", async () => {
    const product = await plainProduct(api, 1);
    await setStock(api, product, 10);
    try {
      const orderId = await readyToPlace(api, 2, product);
      await setStock(api, product, 1);
      await expectRefusal(
        await place(api, orderId),
        422,
        "out_of_stock",
        "The requested quantity of an item in your cart is no longer available.",
      );
    } finally {
      await setStock(api, product, null);
    }
  });
});
