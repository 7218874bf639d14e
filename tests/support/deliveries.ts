/** Delivery carts for the API tests (decision 022): a department of each delivery service. */
import { expect } from "vitest";
import type { TestApi } from "./api";
import { simpleProducts, type PlainProduct } from "./orders";

export interface Shop {
  departmentId: number;
  state: string;
  zip: string;
  products: PlainProduct[];
}

/** A department delivering through `provider`, its store's state, and plain deliverable products. */
export async function deliveryShop(t: TestApi, provider: "door_dash" | "store"): Promise<Shop> {
  const department = await t.db.kysely
    .selectFrom("departments as d")
    .innerJoin("stores as s", "s.id", "d.store_id")
    .select(["d.id", "s.state", "s.zip_code"])
    .where("d.delivery_type", "=", provider)
    .where("d.delivery_enabled", "=", 1)
    .where("d.active", "=", 1)
    .orderBy("d.id")
    .executeTakeFirstOrThrow();
  const products = await simpleProducts(t)
    .where("dp.department_id", "=", department.id)
    .where("p.deliverable", "=", 1)
    .where((eb) => eb.or([eb("p.maximum_quantity", "is", null), eb("p.maximum_quantity", ">=", 5)]))
    .orderBy("p.id")
    .limit(5)
    .execute();
  expect(products.length).toBeGreaterThan(1);
  return {
    departmentId: department.id,
    state: department.state,
    zip: department.zip_code,
    products,
  };
}

/** The delivery details form (/delivery-info) filled in for an address the shop delivers to. */
export const deliveryForm = (shop: Shop, changes: Record<string, string> = {}) => ({
  intent: "submit",
  first_name: "Robin",
  last_name: "Shopper",
  address: "12B Nassau Street",
  city: "Princeton",
  state: shop.state,
  zip_code: shop.zip,
  phone: "(609) 555-0142",
  email: "robin@example.com",
  instructions: "Ring twice",
  tip_choice: "10",
  tip_other: "",
  ...changes,
});

/**
 * Gives an order a card authorization as the gateway leaves it once the shopper's card was
 * accepted (or declined) on its page: a delivery order is placed only with an approved one.
 */
export async function approveCard(
  t: TestApi,
  orderId: number,
  status: "approved" | "declined" = "approved",
  amount = 1_000_000,
) {
  const now = new Date().toISOString();
  await t.db.kysely
    .insertInto("card_authorizations")
    .values({
      order_id: orderId,
      attempt_key: `oe_${orderId}_${status}`,
      gateway: "sandbox",
      gateway_reference: `ref_${orderId}`,
      redirect_url: null,
      status,
      amount,
      card_brand: "visa",
      card_last_four: "4242",
      return_url: "http://127.0.0.1/card-authorization/process",
      cancel_url: "http://127.0.0.1/card-authorization/cancel",
      billing_address: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
