/**
 * Every free-text field the API takes has its limit in core/rules/limits.ts, and a value past it
 * is refused in the spec's words for that field ('The {name} field must be at most N
 * characters'), the same sentence the storefront's forms show, never a generic one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { newOrder, plainProduct } from "../support/orders";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function refusal(answer: Response) {
  expect(answer.status).toBe(422);
  return ((await answer.json()) as { errors: Record<string, string[]> }).errors;
}

describe("text past its limit", () => {
  it("names each checkout field of PUT /orders/{id}", async () => {
    const product = await plainProduct(api, 0);
    const order = await newOrder(api, product.department_id);
    const errors = await refusal(
      await api.call("PUT", `/orders/${order.id}`, {
        body: {
          customer: {
            first_name: "K".repeat(101),
            last_name: "L".repeat(101),
            email: `${"e".repeat(250)}@example.com`,
            phone: "6".repeat(31),
          },
          notes: "n".repeat(1001),
        },
      }),
    );
    expect(errors).toEqual({
      "customer.first_name": ["The first name field must be at most 100 characters"],
      "customer.last_name": ["The last name field must be at most 100 characters"],
      "customer.email": ["The email field must be at most 254 characters"],
      "customer.phone": ["The phone field must be at most 30 characters"],
      notes: ["Please keep your notes under 1,000 characters."],
    });
  });

  it("names the promotion code", async () => {
    const product = await plainProduct(api, 0);
    const order = await newOrder(api, product.department_id);
    const errors = await refusal(
      await api.call("POST", `/orders/${order.id}/promotion`, { body: { code: "P".repeat(51) } }),
    );
    expect(errors).toEqual({
      code: ["The promotion code field must be at most 50 characters"],
    });
  });

  it("names an item's special instructions", async () => {
    const product = await plainProduct(api, 0);
    const order = await newOrder(api, product.department_id);
    const errors = await refusal(
      await api.call("POST", "/items", {
        body: { order_id: order.id, product_id: product.id, quantity: 1, notes: "x".repeat(1001) },
      }),
    );
    expect(errors).toEqual({ notes: ["Special instructions must be at most 1000 characters."] });
  });
});
