import type { OrderItemSchema, OrderSchema, PreferenceSchema } from "@core/contract/orders";
import type { ProductSchema } from "@core/contract/products";
import type { z } from "zod";
import type { OrderInclude, OrderListQuerySchema } from "@core/contract/orders";
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import type { Caller } from "../http/caller";
import type { Database, Row } from "../db/schema";
import type { Lifetime } from "../db/unchanged";
import { forUpdate, writeTransaction } from "../db/transaction";
import { bool, jsonArray, nowIso, toIso } from "../db/values";
import { forbidden, notFound } from "../http/errors";
import { serializeCardAuthorization, shownAuthorization } from "./card-authorizations";
import { listCategoryTree } from "./category-tree";
import {
  currentCatalogs,
  findDepartment,
  leadTimeLimits,
  serializeDepartment,
  serializePickupLocation,
} from "./departments";
import { serializeDelivery } from "./delivery-json";
import { groupBy } from "./grouping";
import { clubDiscount, isClubMember } from "@core/rules/club";
import {
  changeableUntil,
  isChangeable,
  isIncomplete,
  ORDER_STATUS,
} from "@core/rules/order-status";
import { orderTotals } from "@core/rules/order-totals";
import { isPickStatus } from "@core/rules/final-amount";
import { effectiveSubstitution } from "@core/rules/substitution";
import { promotionOf } from "./order-promotion";
import { pricedProductsByIds, serializeProduct } from "./products";
import { releaseOrderHolds } from "./hold-releases";
import { serializeStore } from "./store-json";
import { heldUntil, releasePlace } from "./slot-places";
import { enqueueOrderEvent } from "./outbox";
import { recordStatusChange, statusHistoryOf } from "./status-history";
import { substituteNames } from "./substitutes";

type Db = Kysely<Database>;
type OrderJson = z.input<typeof OrderSchema>;
type Tx = Kysely<Database> | Transaction<Database>;

export const INCOMPLETE = ORDER_STATUS.incomplete;
export const SUBMITTED = ORDER_STATUS.submitted;
export const CANCELLED = ORDER_STATUS.cancelled;

export { ORDER_INCLUDES, type OrderInclude } from "@core/contract/orders";

/**
 * The orders a caller owns: a signed-in user's own, wherever they were made, and this device's
 * orders made while signed out (not yet anyone's). A guest key sees only the latter, so an order
 * a user placed on a shared device stays theirs once they sign out (decision 017).
 */
/**
 * A placed order's row: numbered, and not back in the shopper's cart (an order edited after
 * placement keeps its number while it is a cart again).
 */
export function placedOrderRow(eb: ExpressionBuilder<Database, "orders">) {
  return eb.and([
    eb("orders.number", "is not", null),
    eb(eb.fn("lower", ["orders.status"]), "!=", INCOMPLETE),
  ]);
}

function ownedBy(caller: Caller) {
  return (eb: ExpressionBuilder<Database, "orders">) => {
    const deviceGuest = eb.and([
      eb("orders.api_key_id", "=", caller.apiKeyId),
      eb("orders.user_id", "is", null),
    ]);
    return caller.userId === null
      ? deviceGuest
      : eb.or([eb("orders.user_id", "=", caller.userId), deviceGuest]);
  };
}

/**
 * An order the caller may see (`ownedBy`). Anything else is a 404, so order ids cannot be probed.
 * With `lock`, inside a write transaction, the row stays locked until it ends, so whatever the
 * caller checks on it still holds when it writes.
 */
export async function findOwnedOrder(
  db: Tx,
  caller: Caller,
  id: number,
  { lock = false } = {},
): Promise<Row<"orders">> {
  const query = db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", id)
    .where("brand_id", "=", caller.brandId)
    .where(ownedBy(caller));
  const order = await (lock ? forUpdate(db, query) : query).executeTakeFirst();
  if (!order) throw notFound("order");
  return order;
}

/**
 * A cart started signed out becomes the user's when a signed-in key changes or places it, so it
 * shows on every device they sign in on and gets their club prices. Call with the row locked.
 */
export async function claimForUser(trx: Tx, caller: Caller, order: Row<"orders">) {
  if (caller.userId === null || order.user_id !== null) return order;
  await trx
    .updateTable("orders")
    .set({ user_id: caller.userId })
    .where("id", "=", order.id)
    .execute();
  return { ...order, user_id: caller.userId };
}

export const ORDER_SUBMITTED =
  "This order has already been submitted and can no longer be changed.";

export function assertEditable(order: Row<"orders">) {
  if (!isIncomplete(order)) throw forbidden(ORDER_SUBMITTED, "order_not_editable");
}

/** The caller's order, still open for changes; 403 once it has been submitted or cancelled. */
export async function findEditableOrder(db: Tx, caller: Caller, id: number, opts = {}) {
  const order = await findOwnedOrder(db, caller, id, opts);
  assertEditable(order);
  return order;
}

/**
 * The one way a shopper's order changes: `work` runs in a write transaction that holds the order
 * row, after the order was found (404 otherwise) and, unless `submitted` is allowed, found still
 * 'incomplete' (403). Totals are derived from the items before it commits, so no stored total
 * can disagree with its items.
 */
export async function changeOrder<T>(
  db: Db,
  caller: Caller,
  id: number,
  work: (trx: Tx, order: Row<"orders">) => Promise<T>,
  { anyStatus = false, writesOnlyChanges = false } = {},
): Promise<T> {
  return writeTransaction(db, async (trx) => {
    const found = await findOwnedOrder(trx, caller, id, { lock: true });
    if (!anyStatus) assertEditable(found);
    const order = isIncomplete(found) ? await claimForUser(trx, caller, found) : found;
    const result = await work(trx, order);
    await recomputeTotals(trx, order.id, { writesOnlyChanges });
    return result;
  });
}

export async function createOrder(
  db: Db,
  caller: Caller,
  input: { department_id: number; source: string },
) {
  const department = await findDepartment(db, caller.brandId, input.department_id);
  const now = nowIso();
  const { id } = await db
    .insertInto("orders")
    .values({
      number: null,
      brand_id: caller.brandId,
      api_key_id: caller.apiKeyId,
      user_id: caller.userId,
      department_id: department.id,
      status: INCOMPLETE,
      source: input.source,
      pickup_at: null,
      pickup_location_id: null,
      substitutions_allowed: 0,
      customer_first_name: null,
      customer_last_name: null,
      customer_email: null,
      customer_phone: null,
      notification_type: "[]",
      notes: null,
      received_assistance: 0,
      promotion_id: null,
      subtotal: 0,
      discount: 0,
      delivery_amount: 0,
      tip_amount: 0,
      total: 0,
      placed_at: null,
      placement_key: null,
      cancelled_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Marks an order cancelled (the shopper cancelled it, or removed its last item). Its card hold is
 * marked for release in the same transaction; the caller voids it after the commit
 * (./hold-releases: releaseHoldsOf), and the sweep retries a void that fails.
 */
export async function markCancelled(trx: Tx, orderId: number) {
  const now = nowIso();
  const before = await trx
    .selectFrom("orders")
    .select("status")
    .where("id", "=", orderId)
    .executeTakeFirst();
  // A placed order's history shows the cancel (issue 30); a cart has none.
  if (before && !isIncomplete(before))
    await recordStatusChange(trx, orderId, { from: before.status, to: CANCELLED, byUserId: null });
  await trx
    .updateTable("orders")
    .set({ status: CANCELLED, cancelled_at: now, updated_at: now })
    .where("id", "=", orderId)
    .execute();
  // Its hold or booking in a capped slot is given up (decision 028).
  await releasePlace(trx, orderId);
  await releaseOrderHolds(trx, orderId);
  if (before && !isIncomplete(before)) await enqueueOrderEvent(trx, orderId, CANCELLED);
}

/**
 * Sums the items and applies the promotion and club savings; called inside every transaction that
 * changes them. A working cart's club discounts follow its owner's card and today's club prices;
 * once placed they stay as they were at placement (decision 017). `writesOnlyChanges`: the caller
 * wrote only what changed (a refresh, with every cart view), so totals that came out the same are
 * not written again either: a view that changes nothing writes nothing, and the reads kept while
 * the database is unchanged (decision 046) stay kept.
 */
export async function recomputeTotals(
  trx: Tx,
  orderId: number,
  { writesOnlyChanges = false } = {},
) {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await trx
    .selectFrom("order_items as i")
    .leftJoin("department_products as dp", (join) =>
      join
        .onRef("dp.product_id", "=", "i.product_id")
        .on("dp.department_id", "=", order.department_id),
    )
    .select(["i.id", "i.quantity", "i.subtotal", "i.club_discount_amount", "dp.discount_amount"])
    .where("i.order_id", "=", orderId)
    .orderBy("i.id")
    .execute();
  if (isIncomplete(order)) {
    const owner =
      order.user_id === null
        ? null
        : await trx
            .selectFrom("users")
            .select("card_number")
            .where("id", "=", order.user_id)
            .executeTakeFirst();
    const member = isClubMember(owner);
    for (const item of items) {
      const club = member ? clubDiscount(item.discount_amount, item.quantity, item.subtotal) : 0;
      if (club === item.club_discount_amount) continue;
      await trx
        .updateTable("order_items")
        .set({ club_discount_amount: club })
        .where("id", "=", item.id)
        .execute();
      item.club_discount_amount = club;
    }
  }
  const subtotal = items.reduce((sum, i) => sum + i.subtotal, 0);
  const clubSavings = items.reduce((sum, i) => sum + i.club_discount_amount, 0);
  const promotion = await promotionOf(trx, order);
  // Below its minimum a promotion discounts nothing (placement then removes it, with a message);
  // a delivery promotion discounts the delivery amount, nothing until delivery is on.
  const { discount, total } = orderTotals({
    itemsTotal: subtotal,
    clubSavings,
    deliveryAmount: order.delivery_amount,
    tipAmount: order.tip_amount,
    promotion,
  });
  const same =
    subtotal === order.subtotal &&
    discount === order.discount &&
    clubSavings === order.club_savings &&
    total === order.total;
  if (writesOnlyChanges && same) return;
  await trx
    .updateTable("orders")
    .set({ subtotal, discount, club_savings: clubSavings, total, updated_at: nowIso() })
    .where("id", "=", orderId)
    .execute();
}

/** What the editability rule needs of an order's department: its store and lead time. */
type DepartmentFacts = Pick<
  Row<"departments">,
  "store_id" | "lead_time" | "lead_time_min" | "lead_time_max"
>;

const placedFacts = (o: Row<"orders">) => ({ status: o.status, pickup_at: toIso(o.pickup_at) });

/** Whether the shopper may still retract or cancel the order, now (core/rules/order-status). */
export function orderIsChangeable(o: Row<"orders">, department: DepartmentFacts, now = new Date()) {
  return isChangeable(placedFacts(o), leadTimeLimits(department).min, now);
}

/**
 * A kept answer's lifetime lowered to `at`, when one of its fields changes with the clock alone
 * (a hold's expiry, the end of an order's changeable window). An instant already past changes
 * nothing more: the field reads as it will from now on.
 */
function lowerToChange(lifetime: Lifetime, at: number | null) {
  if (at !== null && at > Date.now()) lifetime.until = Math.min(lifetime.until, at);
}

function serializeOrderRow(
  o: Row<"orders">,
  itemCount: number,
  department: DepartmentFacts,
): OrderJson {
  const pickupAt = toIso(o.pickup_at);
  const changeable = orderIsChangeable(o, department);
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    // A submitted order may still be retracted or cancelled until the store starts on it.
    is_editable: changeable,
    is_cancelable: changeable,
    department_id: o.department_id,
    store_id: department.store_id,
    source: o.source,
    pickup_at: pickupAt,
    pickup_location_id: o.pickup_location_id,
    substitutions_allowed: bool(o.substitutions_allowed),
    customer: {
      first_name: o.customer_first_name,
      last_name: o.customer_last_name,
      email: o.customer_email,
      phone: o.customer_phone,
      notification_type: jsonArray(o.notification_type),
    },
    notes: o.notes,
    received_assistance: bool(o.received_assistance),
    item_count: itemCount,
    subtotal: o.subtotal,
    discount: o.discount,
    club_savings: o.club_savings,
    delivery_amount: o.delivery_amount,
    tip_amount: o.tip_amount,
    total: o.total,
    final_total: o.final_total,
    placed_at: toIso(o.placed_at),
    created_at: toIso(o.created_at),
    updated_at: toIso(o.updated_at),
  };
}

/** An item's preferences with their facet's name, in the order they were chosen. */
export function preferencesOf(db: Db, itemIds: number[]) {
  return db
    .selectFrom("item_preferences")
    .leftJoin("facets", "facets.id", "item_preferences.facet_id")
    .selectAll("item_preferences")
    .select("facets.name as facet_name")
    .where("item_preferences.item_id", "in", itemIds)
    .orderBy("item_preferences.id")
    .execute();
}

export function serializePreference(
  p: Row<"item_preferences"> & { facet_name: string | null },
): z.input<typeof PreferenceSchema> {
  return {
    id: p.id,
    facet_id: p.facet_id,
    choice_id: p.choice_id,
    value: p.value,
    name: p.name,
    facet_name: p.facet_name,
    price: p.price,
  };
}

/**
 * An item as answered; its substitution is the one in force under the order's
 * substitutions_allowed (core/rules/substitution.ts), with the chosen product's name.
 */
export function serializeItem(
  i: Row<"order_items">,
  substitutionsAllowed: boolean,
  names: Map<number, string>,
): z.input<typeof OrderItemSchema> {
  const chosen = effectiveSubstitution(substitutionsAllowed, i);
  return {
    id: i.id,
    order_id: i.order_id,
    product_id: i.product_id,
    quantity: i.quantity,
    price: i.price,
    subtotal: i.subtotal,
    club_discount_amount: i.club_discount_amount,
    notes: i.notes,
    image_url: i.image_url,
    add_source: i.add_source,
    substitution: chosen.substitution,
    substitute_product_id: chosen.substitute_product_id,
    substitute_product_name:
      chosen.substitute_product_id === null
        ? null
        : (names.get(chosen.substitute_product_id) ?? null),
    // What the store did with it (issue 30): null until picked.
    pick_status: isPickStatus(i.pick_status) ? i.pick_status : null,
    picked_quantity: i.picked_quantity,
    picked_product_id: i.picked_product_id,
    picked_product_name:
      i.picked_product_id === null ? null : (names.get(i.picked_product_id) ?? null),
    final_subtotal: i.final_subtotal,
  };
}

/** The names of the items' chosen substitutes and of the products the store gave, one query. */
const itemProductNames = (db: Db, items: Row<"order_items">[]) =>
  substituteNames(db, [
    ...items,
    ...items.map((i) => ({ substitute_product_id: i.picked_product_id })),
  ]);

const DEPARTMENT_FACTS = [
  "departments.store_id",
  "departments.lead_time",
  "departments.lead_time_min",
  "departments.lead_time_max",
] as const;

/** Any department, open or since closed: an order keeps the one it was made in. */
export async function departmentFactsOf(db: Db, departmentId: number): Promise<DepartmentFacts> {
  return db
    .selectFrom("departments")
    .select(DEPARTMENT_FACTS)
    .where("id", "=", departmentId)
    .executeTakeFirstOrThrow();
}

/**
 * GET /orders, the most recently placed first (a working cart by when it was started), a page at
 * a time, each with its delivery (null for pickup) so a list can say how and when it arrives. A
 * signed-in user sees their own orders, from every device, and no one else's; a guest sees the
 * orders this device made signed out (decision 017). `store_id` keeps one store's, for its Past
 * Orders page.
 */
export async function listOrders(
  db: Db,
  caller: Caller,
  query: z.output<typeof OrderListQuerySchema>,
  lifetime?: Lifetime,
) {
  const base = db
    .selectFrom("orders")
    .innerJoin("departments", "departments.id", "orders.department_id")
    .where("orders.brand_id", "=", caller.brandId)
    .where((eb) =>
      caller.userId === null ? ownedBy(caller)(eb) : eb("orders.user_id", "=", caller.userId),
    )
    .$if(query.store_id !== undefined, (q) => q.where("departments.store_id", "=", query.store_id!))
    .$if(query.placed, (q) => q.where(placedOrderRow));
  const [rows, total] = await Promise.all([
    base
      .selectAll("orders")
      .select(DEPARTMENT_FACTS)
      .select((eb) =>
        eb
          .selectFrom("order_items")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("order_items.order_id", "=", "orders.id")
          .as("item_count"),
      )
      // Placed again after an edit, an order is as recent as its latest placement.
      .orderBy((eb) => eb.fn.coalesce("orders.placed_at", "orders.created_at"), "desc")
      .orderBy("orders.id", "desc")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  if (lifetime) {
    for (const row of rows)
      lowerToChange(lifetime, changeableUntil(placedFacts(row), leadTimeLimits(row).min));
  }
  const departmentIds = [...new Set(rows.map((r) => r.department_id))];
  const wantsDepartment = query.include.has("department") || query.include.has("department.store");
  const [departments, stores] = await Promise.all([
    wantsDepartment && departmentIds.length
      ? db.selectFrom("departments").selectAll().where("id", "in", departmentIds).execute()
      : [],
    query.include.has("department.store") && rows.length
      ? db
          .selectFrom("stores")
          .selectAll()
          .where("id", "in", [...new Set(rows.map((r) => r.store_id))])
          .execute()
      : [],
  ]);
  const departmentById = new Map(departments.map((d) => [d.id, d]));
  const storeById = new Map(stores.map((st) => [st.id, st]));
  const [itemsByOrder, deliveries, histories] = await Promise.all([
    itemLinesOf(db, caller, rows, query.include),
    rows.length
      ? db
          .selectFrom("order_deliveries")
          .selectAll()
          .where(
            "order_id",
            "in",
            rows.map((r) => r.id),
          )
          .execute()
      : [],
    // The status history of each placed order (issue 30).
    statusHistoryOf(db, rows),
  ]);
  const deliveryByOrder = new Map(deliveries.map((d) => [d.order_id, d]));
  const data = rows.map((row) => {
    const department = departmentById.get(row.department_id);
    const store = storeById.get(row.store_id);
    const items = itemsByOrder?.get(row.id) ?? [];
    const delivery = deliveryByOrder.get(row.id);
    return {
      ...serializeOrderRow(row, Number(row.item_count ?? 0), row),
      status_history: histories.get(row.id) ?? [],
      delivery: delivery ? serializeDelivery(delivery) : null,
      ...(itemsByOrder ? { items: { data: items } } : {}),
      ...(department
        ? {
            department: {
              data: {
                ...serializeDepartment(department, null),
                ...(store ? { store: { data: serializeStore(store) } } : {}),
              },
            },
          }
        : {}),
    };
  });
  return {
    data,
    meta: { page: query.page, per_page: query.limit, total: Number(total.n) },
  };
}

/**
 * The item lines of a page of orders, when asked for: every item in one query, with its
 * substitution as in force on its order, and with `items.product` each item's product as its
 * department sells it (one query per department on the page).
 */
async function itemLinesOf(
  db: Db,
  caller: Caller,
  orders: Row<"orders">[],
  include: Set<"department" | "department.store" | "items" | "items.product">,
) {
  if (!include.has("items") && !include.has("items.product")) return null;
  const items = orders.length
    ? await db
        .selectFrom("order_items")
        .selectAll()
        .where(
          "order_id",
          "in",
          orders.map((o) => o.id),
        )
        .orderBy("created_at")
        .orderBy("id")
        .execute()
    : [];
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const names = await itemProductNames(db, items);
  const products = new Map<string, z.input<typeof ProductSchema>>();
  if (include.has("items.product")) {
    const byDepartment = groupBy(items, (i) => orderById.get(i.order_id)!.department_id);
    for (const [departmentId, lines] of byDepartment) {
      const ids = [...new Set(lines.map((i) => i.product_id))];
      const rows = await pricedProductsByIds(db, departmentId, caller.userId, ids);
      for (const p of rows) products.set(`${departmentId}:${p.id}`, serializeProduct(p));
    }
  }
  const lines = new Map<number, z.input<typeof OrderItemSchema>[]>();
  for (const i of items) {
    const order = orderById.get(i.order_id)!;
    const line = {
      ...serializeItem(i, bool(order.substitutions_allowed), names),
      ...(include.has("items.product")
        ? { product: { data: products.get(`${order.department_id}:${i.product_id}`) ?? null } }
        : {}),
    };
    const list = lines.get(i.order_id) ?? [];
    list.push(line);
    lines.set(i.order_id, list);
  }
  return lines;
}

/**
 * An order with the relations asked for, each loaded in one query. Two of its fields move with the
 * clock alone: `held_until` (null once the hold expires) and `is_editable`/`is_cancelable` (false
 * once a placed order's lead time begins); `lifetime`, when given, is lowered to the first of
 * those instants, after which a kept answer (db/unchanged.ts) is read again.
 */
export async function getOrder(
  db: Db,
  caller: Caller,
  id: number,
  include: Set<OrderInclude>,
  lifetime?: Lifetime,
): Promise<OrderJson> {
  const order = await findOwnedOrder(db, caller, id);
  const facts = await departmentFactsOf(db, order.department_id);
  const items = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "=", order.id)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const itemIds = items.map((i) => i.id);
  const productIds = [...new Set(items.map((i) => i.product_id))];

  const [
    department,
    catalogs,
    categories,
    pickup,
    store,
    preferences,
    products,
    images,
    authorization,
    promotion,
    delivery,
    held,
    names,
    histories,
  ] = await Promise.all([
    include.has("department") ? findDepartment(db, caller.brandId, order.department_id) : null,
    include.has("department.catalog") ? currentCatalogs(db, [order.department_id]) : null,
    include.has("department.categories") ? listCategoryTree(db, order.department_id, true) : null,
    include.has("department.pickup_locations")
      ? db
          .selectFrom("pickup_locations")
          .selectAll()
          .where("department_id", "=", order.department_id)
          .orderBy("weight")
          .orderBy("name")
          .execute()
      : null,
    include.has("department.store")
      ? db
          .selectFrom("stores")
          .innerJoin("departments", "departments.store_id", "stores.id")
          .selectAll("stores")
          .where("departments.id", "=", order.department_id)
          .executeTakeFirst()
      : null,
    include.has("items.preferences") && itemIds.length ? preferencesOf(db, itemIds) : [],
    include.has("items.product") && productIds.length
      ? pricedProductsByIds(db, order.department_id, caller.userId, productIds)
      : [],
    include.has("items.product.images") && productIds.length
      ? db
          .selectFrom("product_images")
          .selectAll()
          .where("product_id", "in", productIds)
          .orderBy("primary", "desc")
          .orderBy("weight")
          .orderBy("id")
          .execute()
      : [],
    include.has("cardAuthorization") ? shownAuthorization(db, order.id) : null,
    promotionOf(db, order),
    db
      .selectFrom("order_deliveries")
      .selectAll()
      .where("order_id", "=", order.id)
      .executeTakeFirst(),
    heldUntil(db, order.id),
    include.has("items") ? itemProductNames(db, items) : new Map<number, string>(),
    // A placed order's status history (issue 30); a cart has none, and is not asked.
    order.placed_at === null ? null : statusHistoryOf(db, [order]),
  ]);
  const substitutionsAllowed = bool(order.substitutions_allowed);
  if (lifetime) {
    lowerToChange(lifetime, held === null ? null : Date.parse(held));
    lowerToChange(lifetime, changeableUntil(placedFacts(order), leadTimeLimits(facts).min));
  }

  const prefsByItem = groupBy(preferences, (p) => p.item_id);
  const productById = new Map(products.map((p) => [p.id, serializeProduct(p)]));
  const imagesByProduct = groupBy(images, (i) => i.product_id);

  return {
    ...serializeOrderRow(order, items.length, facts),
    ...(histories ? { status_history: histories.get(order.id) ?? [] } : {}),
    held_until: held,
    delivery: delivery ? serializeDelivery(delivery) : null,
    promotion: promotion
      ? {
          data: {
            code: promotion.code,
            description: promotion.description,
            type: promotion.type,
            value: promotion.value,
            minimum_subtotal: promotion.minimum_subtotal,
          },
        }
      : { data: null },
    ...(department
      ? {
          department: {
            data: {
              ...serializeDepartment(department, catalogs?.get(department.id) ?? null),
              ...(categories ? { categories: { data: categories } } : {}),
              ...(pickup
                ? { pickup_locations: { data: pickup.map(serializePickupLocation) } }
                : {}),
              ...(store ? { store: { data: serializeStore(store) } } : {}),
            },
          },
        }
      : {}),
    ...(include.has("items")
      ? {
          items: {
            data: items.map((i) => {
              const product = productById.get(i.product_id);
              return {
                ...serializeItem(i, substitutionsAllowed, names),
                ...(include.has("items.preferences")
                  ? {
                      preferences: { data: (prefsByItem.get(i.id) ?? []).map(serializePreference) },
                    }
                  : {}),
                ...(include.has("items.product")
                  ? {
                      product: {
                        data: product
                          ? {
                              ...product,
                              ...(include.has("items.product.images")
                                ? {
                                    images: {
                                      data: (imagesByProduct.get(i.product_id) ?? []).map(
                                        (img) => ({
                                          id: img.id,
                                          primary: bool(img.primary),
                                          image_url: img.image_url,
                                          alt_text: img.alt_text,
                                        }),
                                      ),
                                    },
                                  }
                                : {}),
                            }
                          : null,
                      },
                    }
                  : {}),
              };
            }),
          },
        }
      : {}),
    ...(include.has("cardAuthorization")
      ? {
          cardAuthorization: {
            data: authorization ? serializeCardAuthorization(authorization) : null,
          },
        }
      : {}),
  };
}
