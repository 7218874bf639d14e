/**
 * Delivery orders (spec §4 "Delivery mode", §5, §7; decision 022): an address checked and priced
 * by the department's delivery service, delivery turned on and off for a working order, and the
 * delivery booked when the order is placed. Every change holds the order row (changeOrder), checks
 * the order and its department again, and recomputes the stored totals before it commits.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type {
  DeliveryInfoBodySchema,
  DeliveryPayload,
  DeliveryQuote,
} from "@core/contract/deliveries";
import type { ApiErrorCode } from "@core/contract/errors";
import { splitStreet } from "@core/rules/delivery-address";
import {
  DELIVERY_NOT_ALLOWED,
  departmentDelivers,
  productsDeliverable,
} from "@core/rules/delivery-allowed";
import { orderTotals } from "@core/rules/order-totals";
import { deliveryTotal } from "@core/rules/tips";
import type { z } from "zod";
import type { Database, Row } from "../db/schema";
import { bool, nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { forbidden, HttpError, invalid } from "../http/errors";
import {
  DeliveryServiceError,
  type DeliveryAdapter,
  type DeliveryRequest,
  type DropoffAddress,
} from "../integrations/delivery";
import type { DeliveryServices } from "../integrations/delivery";
import { logger } from "../logger";
import { deliveryFlags, findDepartment } from "./departments";
import { assertEditable, changeOrder, findOwnedOrder } from "./orders";
import { promotionOf } from "./order-promotion";

type Db = Kysely<Database>;
type DeliveryInfo = z.output<typeof DeliveryInfoBodySchema>;
type Contact = DeliveryRequest["contact"];

const ITEM_NOT_DELIVERABLE = "An item in your cart cannot be delivered.";
const DELIVERY_SIGN_IN = "Authentication failure. Cannot perform delivery checkout";
const DELIVERY_UNAVAILABLE =
  "Delivery is currently unavailable for this department. Please try again later.";
const NO_DELIVERY =
  "This order has no delivery: set it with POST /orders/{id}/store-delivery first.";
const ADDRESS_REFUSED = "The delivery address could not be used.";

/** Everything a delivery of this order needs to know, read with the caller's handle. */
interface DeliveryFacts {
  department: Row<"departments">;
  store: Row<"stores">;
  itemsTotal: number;
  adapter: DeliveryAdapter;
}

/**
 * Delivery allowed (spec §5, core/rules/delivery-allowed.ts: a department with online payment that
 * delivers, every item's product deliverable), for a signed-in shopper, through a delivery service
 * the department names and this deployment has.
 */
async function deliveryFacts(
  db: Db,
  services: DeliveryServices,
  caller: Caller,
  order: Row<"orders">,
  status: 403 | 422 = 403,
): Promise<DeliveryFacts> {
  const refuse = (message: string, code: ApiErrorCode) =>
    new HttpError(status, message, { generic: [message] }, code);
  if (caller.userId === null) throw refuse(DELIVERY_SIGN_IN, "delivery_sign_in_required");
  const department = await findDepartment(db, caller.brandId, order.department_id);
  const provider = department.delivery_type;
  const delivers = departmentDelivers(deliveryFlags(department));
  if (!delivers || (provider !== "store" && provider !== "door_dash"))
    throw refuse(DELIVERY_NOT_ALLOWED, "delivery_not_allowed");
  const items = await db
    .selectFrom("order_items")
    .innerJoin("products", "products.id", "order_items.product_id")
    .select(["order_items.subtotal", "products.deliverable"])
    .where("order_items.order_id", "=", order.id)
    .execute();
  if (!productsDeliverable(items.map((i) => ({ deliverable: bool(i.deliverable) }))))
    throw refuse(ITEM_NOT_DELIVERABLE, "delivery_not_allowed");
  const adapter = services[provider];
  if (!adapter)
    throw new HttpError(
      502,
      DELIVERY_UNAVAILABLE,
      { generic: [DELIVERY_UNAVAILABLE] },
      "delivery_unavailable",
    );
  const store = await db
    .selectFrom("stores")
    .selectAll()
    .where("id", "=", department.store_id)
    .executeTakeFirstOrThrow();
  const itemsTotal = items.reduce((sum, i) => sum + i.subtotal, 0);
  return { department, store, itemsTotal, adapter };
}

function deliveryRequest(
  facts: DeliveryFacts,
  order: Row<"orders">,
  dropoff: DropoffAddress,
  contact: Contact,
  instructions: string | null,
  tip: number,
): DeliveryRequest {
  const { store, department } = facts;
  return {
    // A fresh id per attempt: a service books each id once, and a retracted order is placed again.
    externalId: `oe-${order.id}-${randomBytes(3).toString("hex")}`,
    store: {
      name: store.name,
      address: store.address,
      city: store.city,
      state: store.state,
      zip_code: store.zip_code,
    },
    department: {
      delivery_amount: department.delivery_amount,
      delivery_time: department.delivery_time,
    },
    dropoff,
    contact,
    instructions,
    tip,
    orderValue: facts.itemsTotal,
  };
}

const requestFromInfo = (facts: DeliveryFacts, order: Row<"orders">, info: DeliveryInfo) =>
  deliveryRequest(
    facts,
    order,
    {
      ...splitStreet(info.address),
      city: info.city,
      state: info.state,
      zip_code: info.zip_code,
    },
    {
      first_name: info.first_name,
      last_name: info.last_name,
      phone: info.phone,
      email: info.email,
    },
    info.dropoff_instructions,
    info.tip,
  );

/** A service's answer, or its refusal as the API's 422 with the service's field errors. */
async function ask<T>(
  work: () => Promise<{ ok: true; value: T } | { ok: false; errors: Record<string, string[]> }>,
  prefix = "",
): Promise<T> {
  let answer;
  try {
    answer = await work();
  } catch (error) {
    if (error instanceof DeliveryServiceError)
      throw new HttpError(
        502,
        DELIVERY_UNAVAILABLE,
        { generic: [DELIVERY_UNAVAILABLE] },
        "delivery_unavailable",
      );
    throw error;
  }
  if (answer.ok) return answer.value;
  const errors = Object.fromEntries(
    Object.entries(answer.errors).map(([key, messages]) => [prefix + key, messages]),
  );
  throw invalid(errors, ADDRESS_REFUSED, "delivery_address_invalid");
}

/** What the order would total with this delivery and tip (the form's side summary). */
async function summary(db: Db, order: Row<"orders">, fee: number, tip: number) {
  const promotion = await promotionOf(db, order);
  const items = await db
    .selectFrom("order_items")
    .select(["subtotal", "club_discount_amount"])
    .where("order_id", "=", order.id)
    .execute();
  return orderTotals({
    itemsTotal: items.reduce((s, i) => s + i.subtotal, 0),
    clubSavings: items.reduce((s, i) => s + i.club_discount_amount, 0),
    deliveryAmount: fee,
    tipAmount: tip,
    promotion,
  });
}

/** POST orders/{id}/delivery/validate: the address checked and priced; nothing is stored. */
export async function validateDelivery(
  db: Db,
  services: DeliveryServices,
  caller: Caller,
  id: number,
  info: DeliveryInfo,
): Promise<DeliveryQuote> {
  const order = await findOwnedOrder(db, caller, id);
  assertEditable(order);
  const facts = await deliveryFacts(db, services, caller, order);
  const quote = await ask(() => facts.adapter.quote(requestFromInfo(facts, order, info)));
  const totals = await summary(db, order, quote.fee, info.tip);
  return {
    provider: facts.adapter.provider,
    delivery_amount: quote.fee,
    tip_amount: info.tip,
    delivery_total: deliveryTotal(quote.fee, info.tip),
    discount: totals.discount,
    order_total: totals.total,
    estimated_minutes: quote.estimatedMinutes,
    quote_id: quote.quoteId,
  };
}

/**
 * POST orders/{id}/store-delivery: delivery on. The service is asked first, outside the order's
 * lock (it may be a network call); the change then checks the order and the delivery rule again
 * under the lock and stores the delivery, its fee and the tip; the totals follow.
 */
export async function setDelivery(
  db: Db,
  services: DeliveryServices,
  caller: Caller,
  id: number,
  info: DeliveryInfo,
) {
  const first = await findOwnedOrder(db, caller, id);
  assertEditable(first);
  const facts = await deliveryFacts(db, services, caller, first);
  const request = requestFromInfo(facts, first, info);
  const quote = await ask(() => facts.adapter.quote(request));
  await changeOrder(db, caller, id, async (trx, order) => {
    const now = await deliveryFacts(trx, services, caller, order);
    if (now.adapter.provider !== facts.adapter.provider)
      throw forbidden(DELIVERY_NOT_ALLOWED, "delivery_not_allowed");
    await saveDelivery(trx, order, deliveryFields(facts.adapter, request, quote));
  });
}

type DeliveryFields = Omit<
  Row<"order_deliveries">,
  "id" | "order_id" | "created_at" | "updated_at" | "external_delivery_id"
>;

/** What the delivery row keeps of a request and its quote. */
const deliveryFields = (
  adapter: DeliveryAdapter,
  request: DeliveryRequest,
  quote: { fee: number; quoteId: string | null; estimatedMinutes: number },
): DeliveryFields => ({
  provider: adapter.provider,
  ...request.contact,
  ...request.dropoff,
  dropoff_instructions: request.instructions,
  tip_amount: request.tip,
  delivery_amount: quote.fee,
  quote_id: quote.quoteId,
  estimated_minutes: quote.estimatedMinutes,
});

/** The delivery row and the order's amounts and customer, written together (row held). */
async function saveDelivery(trx: Db, order: Row<"orders">, fields: DeliveryFields) {
  const now = nowIso();
  const updated = await trx
    .updateTable("order_deliveries")
    .set({ ...fields, external_delivery_id: null, updated_at: now })
    .where("order_id", "=", order.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await trx
      .insertInto("order_deliveries")
      .values({
        ...fields,
        order_id: order.id,
        external_delivery_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  // The delivery's contact is the order's customer (checkout shows no customer form for delivery).
  await trx
    .updateTable("orders")
    .set({
      delivery_amount: fields.delivery_amount,
      tip_amount: fields.tip_amount,
      customer_first_name: fields.first_name,
      customer_last_name: fields.last_name,
      customer_email: fields.email,
      customer_phone: fields.phone,
    })
    .where("id", "=", order.id)
    .execute();
}

/** DELETE orders/{id}/store-delivery: delivery off; no delivery fee or tip is left on the order. */
export async function removeDelivery(db: Db, caller: Caller, id: number) {
  await changeOrder(db, caller, id, async (trx, order) => {
    await trx.deleteFrom("order_deliveries").where("order_id", "=", order.id).execute();
    await trx
      .updateTable("orders")
      .set({ delivery_amount: 0, tip_amount: 0 })
      .where("id", "=", order.id)
      .execute();
  });
}

/** A delivery order's delivery at placement: checked, then booked just before the status change. */
export interface PlacementDelivery {
  book(): Promise<void>;
}

/**
 * Placement's delivery step, inside the placing transaction with the order row held. A pickup
 * order without a payload has nothing to do (null). A delivery order takes the payload's address,
 * instructions and tip when one is sent, is checked against the delivery rule and priced again
 * by its service (fee and tip stored, so the totals recomputed next include them); a refusal is a
 * 422 with the delivery's field errors under `delivery.` (spec §8: back to the delivery form).
 */
export async function deliveryForPlacement(
  trx: Db,
  services: DeliveryServices | undefined,
  caller: Caller,
  order: Row<"orders">,
  payload: DeliveryPayload | undefined,
): Promise<PlacementDelivery | null> {
  const row = await trx
    .selectFrom("order_deliveries")
    .selectAll()
    .where("order_id", "=", order.id)
    .executeTakeFirst();
  if (!row) {
    if (payload) throw invalid({ delivery: [NO_DELIVERY] }, NO_DELIVERY, "delivery_not_set");
    return null;
  }
  const facts = await deliveryFacts(trx, services ?? {}, caller, order, 422);
  const dropoff = payload?.dropoff_address ?? row;
  const request = deliveryRequest(
    facts,
    order,
    {
      street: dropoff.street,
      unit: dropoff.unit,
      city: dropoff.city,
      state: dropoff.state,
      zip_code: dropoff.zip_code,
    },
    { first_name: row.first_name, last_name: row.last_name, phone: row.phone, email: row.email },
    payload ? payload.dropoff_instructions : row.dropoff_instructions,
    payload ? payload.tip : row.tip_amount,
  );
  const quote = await ask(() => facts.adapter.quote(request), "delivery.");
  await saveDelivery(trx, order, deliveryFields(facts.adapter, request, quote));
  return {
    async book() {
      const booked = await ask(() => facts.adapter.accept(request, quote.quoteId), "delivery.");
      await trx
        .updateTable("order_deliveries")
        .set({ external_delivery_id: booked.externalId, updated_at: nowIso() })
        .where("order_id", "=", order.id)
        .execute();
    },
  };
}

/** A placed delivery order's booking with its delivery service. */
export interface DeliveryBooking {
  provider: string;
  externalId: string;
}

/**
 * Inside the transaction that takes a placed order back (retract, cancel): the booking is
 * forgotten on the order, and answered so the caller calls it off once the change is committed.
 */
export async function releaseBooking(trx: Db, orderId: number): Promise<DeliveryBooking | null> {
  const row = await trx
    .selectFrom("order_deliveries")
    .select(["provider", "external_delivery_id"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!row?.external_delivery_id) return null;
  await trx
    .updateTable("order_deliveries")
    .set({ external_delivery_id: null, updated_at: nowIso() })
    .where("order_id", "=", orderId)
    .execute();
  return { provider: row.provider, externalId: row.external_delivery_id };
}

/**
 * Calls a released booking off with its service, after the order's change is committed (a
 * network call is never made while the order row is held). A service that cannot be reached is
 * logged for the store to call: the shopper's cancel has happened either way.
 */
export async function cancelBooking(
  services: DeliveryServices,
  booking: DeliveryBooking | null,
): Promise<void> {
  if (!booking) return;
  const adapter = services[booking.provider as keyof DeliveryServices];
  try {
    if (!adapter) throw new Error(`no ${booking.provider} delivery service is set up`);
    await adapter.cancel(booking.externalId);
  } catch (error) {
    logger.warn("delivery could not be called off: the store must cancel it", {
      provider: booking.provider,
      externalId: booking.externalId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
