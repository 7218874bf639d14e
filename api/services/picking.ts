/**
 * Picking an order (issue 30, decision 043): the associate marks each item picked (with the
 * weighed quantity for an item sold by weight), substituted (the shopper's chosen product, or a
 * best match of the same category, as the shopper allowed) or unavailable. Each pick is one write
 * transaction that holds the order row, checks the order is being picked, and recomputes the
 * final amount from every line by the cart's rules (core/rules/final-amount.ts).
 */
import { sql, type Kysely, type Transaction } from "kysely";
import type { z } from "zod";
import type { PickBodySchema, StoreOrderSchema } from "@core/contract/store-orders";
import { isClubMember } from "@core/rules/club";
import { finalAmount, finalLine, isPickStatus, pickProblem } from "@core/rules/final-amount";
import { unitPrice } from "@core/rules/item-configuration";
import { isPicking } from "@core/rules/order-status";
import { effectiveSubstitution } from "@core/rules/substitution";
import { isSoldByWeight } from "@core/rules/units";
import type { Database, Row } from "../db/schema";
import { forUpdate, writeTransaction } from "../db/transaction";
import { bool, nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { conflict, invalid, notFound } from "../http/errors";
import { promotionOf } from "./order-promotion";
import { statusHistoryOf } from "./status-history";
import { queueRow, requireAssociate, storeOrderRow } from "./store-orders";
import { substituteCandidates } from "./substitutes";

type Db = Kysely<Database>;
type Tx = Db | Transaction<Database>;
type StoreOrder = z.input<typeof StoreOrderSchema>;

/** A product's price per unit in the department, as the cart prices it. */
const shelfPrice = (p: { srp_amount: number; sale_srp_amount: number | null; on_sale: number }) =>
  unitPrice({ ...p, on_sale: bool(p.on_sale) });

export const NOT_PICKING = "Items are picked only while the order is in progress.";

/** The order's items with what the store needs of their products in the order's department. */
function itemsOf(db: Tx, order: { id: number; department_id: number }) {
  return db
    .selectFrom("order_items as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .leftJoin("department_products as dp", (join) =>
      join
        .onRef("dp.product_id", "=", "i.product_id")
        .on("dp.department_id", "=", order.department_id),
    )
    .selectAll("i")
    .select(["p.name as product_name", "p.unit_of_measure", "dp.discount_amount as club_per_unit"])
    .where("i.order_id", "=", order.id)
    .orderBy("i.id")
    .execute();
}

/** Each product's price and club discount in the department. */
async function pricesOf(db: Tx, departmentId: number, productIds: number[]) {
  if (productIds.length === 0)
    return new Map<number, { unit_price: number; club_per_unit: number | null; name: string }>();
  const rows = await db
    .selectFrom("department_products as dp")
    .innerJoin("products as p", "p.id", "dp.product_id")
    .select([
      "dp.product_id",
      "dp.srp_amount",
      "dp.sale_srp_amount",
      "dp.on_sale",
      "dp.discount_amount",
      "p.name",
    ])
    .where("dp.department_id", "=", departmentId)
    .where("dp.product_id", "in", productIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.product_id,
      { unit_price: shelfPrice(r), club_per_unit: r.discount_amount, name: r.name },
    ]),
  );
}

/** The selections' prices per item, summed: an item's unit price is its price plus these. */
async function selectionPricesOf(db: Tx, itemIds: number[]) {
  const out = new Map<number, number>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom("item_preferences")
    .select(["item_id", "price"])
    .where("item_id", "in", itemIds)
    .execute();
  for (const r of rows) out.set(r.item_id, (out.get(r.item_id) ?? 0) + r.price);
  return out;
}

/** Whether the order's owner gets club prices (the order had them, or their card says so). */
async function isMemberOrder(
  db: Tx,
  order: Row<"orders">,
  items: { club_discount_amount: number }[],
) {
  if (items.some((i) => i.club_discount_amount > 0)) return true;
  if (order.user_id === null) return false;
  const owner = await db
    .selectFrom("users")
    .select("card_number")
    .where("id", "=", order.user_id)
    .executeTakeFirst();
  return isClubMember(owner);
}

/**
 * Writes the lines' final subtotals and club discounts in one statement (a CASE on the item's id;
 * the casts keep PostgreSQL from typing the parameters as text), not one UPDATE per line.
 */
async function writeFinalLines(trx: Tx, lines: { id: number; subtotal: number; club: number }[]) {
  if (lines.length === 0) return;
  const byId = (value: (line: (typeof lines)[number]) => number) =>
    sql<number>`case ${sql.ref("id")} ${sql.join(
      lines.map((l) => sql`when ${l.id} then cast(${value(l)} as integer)`),
      sql` `,
    )} end`;
  await trx
    .updateTable("order_items")
    .set({ final_subtotal: byId((l) => l.subtotal), final_club_discount: byId((l) => l.club) })
    .where(
      "id",
      "in",
      lines.map((l) => l.id),
    )
    .execute();
}

/**
 * Recomputes every line's final subtotal and the order's final amount (inside the transaction
 * that changed a pick, order row held). Lines not picked yet stand as ordered.
 */
export async function recomputeFinal(trx: Tx, orderId: number) {
  const order = await trx
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await itemsOf(trx, order);
  const [prices, selections, member] = await Promise.all([
    pricesOf(
      trx,
      order.department_id,
      items.flatMap((i) => (i.picked_product_id === null ? [] : [i.picked_product_id])),
    ),
    selectionPricesOf(
      trx,
      items.map((i) => i.id),
    ),
    isMemberOrder(trx, order, items),
  ]);
  const lines = items.map((item) => ({
    id: item.id,
    was: item,
    ...finalLine(
      {
        ...item,
        unit_price: item.price + (selections.get(item.id) ?? 0),
        club_per_unit: item.club_per_unit,
        substitute:
          item.picked_product_id === null ? null : (prices.get(item.picked_product_id) ?? null),
      },
      member,
    ),
  }));
  await writeFinalLines(
    trx,
    lines.filter(
      (l) => l.subtotal !== l.was.final_subtotal || l.club !== l.was.final_club_discount,
    ),
  );
  const promotion = await promotionOf(trx, order);
  const final = finalAmount(lines, {
    deliveryAmount: order.delivery_amount,
    tipAmount: order.tip_amount,
    promotion,
  });
  await trx
    .updateTable("orders")
    .set({
      final_subtotal: final.subtotal,
      final_club_savings: final.clubSavings,
      final_discount: final.discount,
      final_total: final.total,
      updated_at: nowIso(),
    })
    .where("id", "=", orderId)
    .execute();
}

/** The order as the picking page shows it. */
export async function storeOrderDetail(
  db: Db,
  caller: Caller,
  storeId: number,
  orderId: number,
): Promise<StoreOrder> {
  const store = await requireAssociate(db, caller, storeId);
  return readStoreOrder(db, store, orderId);
}

async function readStoreOrder(
  db: Tx,
  store: { id: number; timezone: string },
  orderId: number,
): Promise<StoreOrder> {
  const row = await storeOrderRow(db, store.id, orderId);
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const items = await itemsOf(db, order);
  const allowed = bool(order.substitutions_allowed);
  const [history, preferences, named, hold] = await Promise.all([
    statusHistoryOf(db, [order]),
    items.length
      ? db
          .selectFrom("item_preferences")
          .leftJoin("facets", "facets.id", "item_preferences.facet_id")
          .select([
            "item_preferences.item_id",
            "item_preferences.name",
            "item_preferences.value",
            "facets.name as facet_name",
          ])
          .where(
            "item_preferences.item_id",
            "in",
            items.map((i) => i.id),
          )
          .orderBy("item_preferences.id")
          .execute()
      : [],
    pricesOf(
      db,
      order.department_id,
      items.flatMap((i) =>
        [i.substitute_product_id, i.picked_product_id].filter((id): id is number => id !== null),
      ),
    ),
    db
      .selectFrom("card_authorizations")
      .select(["amount", "captured_amount", "capture_amount"])
      .where("order_id", "=", orderId)
      .where("status", "=", "approved")
      .orderBy("id", "desc")
      .executeTakeFirst(),
  ]);
  const picking = isPicking(order);
  const lines = [];
  for (const item of items) {
    const chosen = effectiveSubstitution(allowed, item);
    const offered =
      !picking || chosen.substitution === "none"
        ? []
        : chosen.substitution === "product" && chosen.substitute_product_id !== null
          ? [chosen.substitute_product_id].flatMap((id) => {
              const p = named.get(id);
              return p ? [{ id, name: p.name, price: p.unit_price }] : [];
            })
          : (await substituteCandidates(db as Db, order.department_id, item.product_id, null)).map(
              (p) => ({
                id: p.id,
                name: p.name,
                price: shelfPrice(p),
              }),
            );
    lines.push({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      unit_of_measure: item.unit_of_measure,
      sold_by_weight: isSoldByWeight(item.unit_of_measure),
      quantity: item.quantity,
      price: item.price,
      subtotal: item.subtotal,
      preferences: preferences
        .filter((p) => p.item_id === item.id)
        .map((p) => ({ facet_name: p.facet_name, value: p.value ?? p.name })),
      notes: item.notes,
      image_url: item.image_url,
      substitution: chosen.substitution,
      substitute_product_id: chosen.substitute_product_id,
      substitute_product_name:
        chosen.substitute_product_id === null
          ? null
          : (named.get(chosen.substitute_product_id)?.name ?? null),
      substitutes: offered,
      pick_status: isPickStatus(item.pick_status) ? item.pick_status : null,
      picked_quantity: item.picked_quantity,
      picked_product_id: item.picked_product_id,
      picked_product_name:
        item.picked_product_id === null ? null : (named.get(item.picked_product_id)?.name ?? null),
      final_subtotal: item.final_subtotal,
    });
  }
  return {
    ...queueRow(row),
    history: history.get(orderId) ?? [],
    items: lines,
    subtotal: order.subtotal,
    discount: order.discount,
    club_savings: order.club_savings,
    delivery_amount: order.delivery_amount,
    tip_amount: order.tip_amount,
    final:
      order.final_total === null
        ? null
        : {
            subtotal: order.final_subtotal ?? 0,
            club_savings: order.final_club_savings ?? 0,
            discount: order.final_discount ?? 0,
            total: order.final_total,
          },
    payment: hold ? "online" : "store",
    held_amount: hold?.amount ?? null,
    captured_amount: hold?.captured_amount ?? null,
    timezone: store.timezone,
  };
}

/**
 * PUT /stores/{store}/orders/{id}/items/{item}: records what the associate did with an item and
 * recomputes the final amount, holding the order row; 409 unless the order is being picked.
 */
export async function pickItem(
  db: Db,
  caller: Caller,
  storeId: number,
  orderId: number,
  itemId: number,
  body: z.output<typeof PickBodySchema>,
): Promise<StoreOrder> {
  return writeTransaction(db, async (trx) => {
    const store = await requireAssociate(trx, caller, storeId);
    const order = await forUpdate(
      trx,
      trx
        .selectFrom("orders")
        .innerJoin("departments", "departments.id", "orders.department_id")
        .selectAll("orders")
        .where("orders.id", "=", orderId)
        .where("departments.store_id", "=", storeId),
    ).executeTakeFirst();
    if (!order || order.number === null) throw notFound("order");
    const item = (await itemsOf(trx, order)).find((i) => i.id === itemId);
    if (!item) throw notFound("item");
    if (!isPicking(order)) throw conflict(NOT_PICKING, "order_status_refused");
    const soldByWeight = isSoldByWeight(item.unit_of_measure);
    const quantity = body.picked_quantity ?? null;
    const problem = pickProblem({
      pick_status: body.pick_status,
      picked_quantity: quantity,
      ordered_quantity: item.quantity,
      // A substitute is weighed when the item was: its quantity is the scale's too.
      sold_by_weight: soldByWeight,
    });
    if (problem) throw invalid({ picked_quantity: [problem] });
    let given: number | null = null;
    if (body.pick_status === "substituted") {
      given = await allowedSubstitute(trx, order, item, body.picked_product_id ?? null);
    }
    await trx
      .updateTable("order_items")
      .set({
        pick_status: body.pick_status,
        picked_quantity: body.pick_status === "unavailable" ? null : quantity,
        picked_product_id: given,
        picked_at: nowIso(),
        updated_at: nowIso(),
      })
      .where("id", "=", itemId)
      .execute();
    await recomputeFinal(trx, orderId);
    return readStoreOrder(trx, store, orderId);
  });
}

export const SUBSTITUTE_REFUSED = "The shopper did not allow that product in this item's place.";

/** The product the associate may give: the shopper's chosen one, or one of the best matches. */
async function allowedSubstitute(
  trx: Tx,
  order: Row<"orders">,
  item: Row<"order_items">,
  productId: number | null,
): Promise<number> {
  const chosen = effectiveSubstitution(bool(order.substitutions_allowed), item);
  const refuse = () =>
    invalid(
      { picked_product_id: [SUBSTITUTE_REFUSED] },
      SUBSTITUTE_REFUSED,
      "substitute_not_offered",
    );
  if (chosen.substitution === "none") throw refuse();
  if (chosen.substitution === "product") {
    if (productId !== null && productId !== chosen.substitute_product_id) throw refuse();
    return chosen.substitute_product_id!;
  }
  const candidates = await substituteCandidates(
    trx as Db,
    order.department_id,
    item.product_id,
    null,
  );
  const pick = productId ?? candidates[0]?.id ?? null;
  if (pick === null || !candidates.some((c) => c.id === pick)) throw refuse();
  return pick;
}
