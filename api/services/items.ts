import type { OrderItemSchema } from "@core/contract/orders";
import type { z } from "zod";
import type { Kysely } from "kysely";
import {
  COMPLETE_REQUIRED_FIELDS,
  missingRequired,
  textsTooLong,
  normalizePreferences,
  preferencePrice,
  subtotalOf,
  unitPrice,
} from "@core/rules/item-configuration";
import { productRules } from "@core/rules/product-rules";
import type { ItemInput } from "@core/contract/order-changes";
import { QUANTITY_NOT_OFFERED, QUANTITY_UNAVAILABLE } from "@core/rules/quantity-messages";
import { quantityProblem } from "@core/rules/quantity-options";
import type { Database, Row } from "../db/schema";
import { bool, nowIso } from "../db/values";
import type { Caller } from "../http/caller";
import { HttpError, invalid, notFound } from "../http/errors";
import { writeTransaction } from "../db/transaction";
import {
  changeOrder,
  createOrder,
  findEditableOrder,
  findOwnedOrder,
  markCancelled,
  recomputeTotals,
  serializeItem,
  preferencesOf,
  serializePreference,
} from "./orders";
import { getProduct, serializeProduct } from "./products";
import {
  keptSubstitution,
  rememberedSubstitution,
  substituteCandidates,
  substituteNames,
} from "./substitutes";
import {
  substitutionProblem,
  type StoredSubstitution,
  type Substitution,
} from "@core/rules/substitution";

type Db = Kysely<Database>;

/** The texts the storefront maps (spec §8 "Add to cart"): keep them in the message. */
const NOT_IN_DEPARTMENT = "The product is not available in that department.";
const QUANTITY_NOT_AVAILABLE = "The requested quantity is not available.";

/** The product as sold in the order's department, with the rules its configuration must follow. */
async function productForOrder(db: Db, caller: Caller, order: Row<"orders">, productId: number) {
  const product = await getProduct(db, {
    brandId: caller.brandId,
    productId,
    departmentId: order.department_id,
    userId: caller.userId,
    include: new Set(["facets", "facets.choices"]),
  }).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 404) {
      throw invalid(
        { product_id: [NOT_IN_DEPARTMENT] },
        NOT_IN_DEPARTMENT,
        "product_unavailable_in_department",
      );
    }
    throw error;
  });
  const rules = productRules({
    ...product,
    calories: product.nutrition.calories,
    facets: (product.facets?.data ?? []).map((f) => ({ ...f, choices: f.choices?.data ?? [] })),
  });
  return { product, rules };
}

/**
 * Checks an item against the product's rules and prices it. Prices come from the database only;
 * whatever price a client sends is ignored.
 */
async function priceItem(
  db: Db,
  caller: Caller,
  order: Row<"orders">,
  input: ItemInput,
  existingQuantity = 0,
) {
  const { product, rules } = await productForOrder(db, caller, order, input.product_id);
  // The quantity already in this item is not "taken" from what remains when it is edited.
  const remaining =
    product.remaining_quantity === null ? null : product.remaining_quantity + existingQuantity;
  const problem = quantityProblem({ ...product, remaining_quantity: remaining }, input.quantity);
  if (problem === "unavailable")
    throw invalid(
      { quantity: [QUANTITY_UNAVAILABLE] },
      QUANTITY_NOT_AVAILABLE,
      "quantity_unavailable",
    );
  if (problem === "invalid")
    throw invalid({ quantity: [QUANTITY_NOT_OFFERED] }, undefined, "quantity_not_offered");

  const prefs = normalizePreferences(rules, input.preferences, false);
  const tooLong = textsTooLong(rules, prefs);
  if (Object.keys(tooLong).length)
    throw invalid(
      Object.fromEntries(
        Object.entries(tooLong).map(([facetId, message]) => [`preferences.${facetId}`, [message]]),
      ),
    );
  const missing = missingRequired(rules, prefs);
  if (Object.keys(missing).length) {
    throw invalid(
      Object.fromEntries(
        Object.entries(missing).map(([facetId, message]) => [`preferences.${facetId}`, [message]]),
      ),
      COMPLETE_REQUIRED_FIELDS,
      "required_choices_missing",
    );
  }
  const price = unitPrice(rules);
  const preferenceRows = prefs.map((p) => {
    const facet = rules.facets.find((f) => f.id === p.facet_id)!;
    const choice = facet.choices.find((c) => c.id === p.choice_id);
    return {
      facet_id: p.facet_id,
      choice_id: p.choice_id,
      value: p.value,
      name: choice ? choice.value : facet.name,
      price: preferencePrice(rules, p),
    };
  });
  const subtotal = subtotalOf(
    input.quantity,
    price,
    preferenceRows.map((p) => p.price),
  );
  const notes = product.accepts_special_instructions ? input.notes?.trim() || null : null;
  return { price, subtotal, preferenceRows, notes };
}

export async function addItem(db: Db, caller: Caller, orderId: number, input: ItemInput) {
  return changeOrder(db, caller, orderId, (trx, order) => insertItem(trx, caller, order, input));
}

/**
 * The first add to cart (spec §4 creates the order then): the order and its first item in one
 * transaction, so a refused item leaves no empty order behind and the shopper makes one call.
 */
export async function addItemToNewOrder(
  db: Db,
  caller: Caller,
  newOrder: { department_id: number; source: string },
  input: ItemInput,
) {
  return writeTransaction(db, async (trx) => {
    const orderId = await createOrder(trx, caller, newOrder);
    const order = await findEditableOrder(trx, caller, orderId, { lock: true });
    const id = await insertItem(trx, caller, order, input);
    await recomputeTotals(trx, orderId);
    return { id, orderId };
  });
}

/**
 * Prices the item and writes it with its preferences, inside the order's transaction. Its
 * substitution choice is the one `carried` over (a reorder), else the signed-in shopper's last
 * choice for the product (decision 029); a chosen product no longer offered leaves the default.
 */
export async function insertItem(
  trx: Db,
  caller: Caller,
  order: Row<"orders">,
  input: ItemInput,
  carried?: StoredSubstitution,
) {
  const priced = await priceItem(trx, caller, order, input);
  const substitution = carried
    ? await keptSubstitution(trx, order.department_id, input.product_id, caller.userId, carried)
    : await rememberedSubstitution(trx, caller, order.department_id, input.product_id);
  const now = nowIso();
  const { id } = await trx
    .insertInto("order_items")
    .values({
      order_id: order.id,
      product_id: input.product_id,
      quantity: input.quantity,
      price: priced.price,
      subtotal: priced.subtotal,
      notes: priced.notes,
      image_url: null,
      add_source: input.add_source ?? "default",
      substitution: substitution.substitution,
      substitute_product_id: substitution.substitute_product_id,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (priced.preferenceRows.length) {
    await trx
      .insertInto("item_preferences")
      .values(priced.preferenceRows.map((p) => ({ ...p, item_id: id })))
      .execute();
  }
  return id;
}

/** The order an item belongs to (404 if none); whose it is, the next step checks. */
async function orderOfItem(db: Db, itemId: number) {
  const item = await db
    .selectFrom("order_items")
    .select("order_id")
    .where("id", "=", itemId)
    .executeTakeFirst();
  if (!item) throw notFound("item");
  return item.order_id;
}

/** Another caller's order is, to them, an item that does not exist. */
const itemNotFound = (error: unknown): never => {
  throw error instanceof HttpError && error.status === 404 ? notFound("item") : error;
};

/**
 * Runs `work` on an item of the caller's order inside that order's locked transaction, reading the
 * item again there: it may have been removed while the lock was awaited.
 */
async function changeItem<T>(
  db: Db,
  caller: Caller,
  itemId: number,
  work: (trx: Db, order: Row<"orders">, item: Row<"order_items">) => Promise<T>,
): Promise<T> {
  const orderId = await orderOfItem(db, itemId);
  return changeOrder(db, caller, orderId, async (trx, order) => {
    const item = await trx
      .selectFrom("order_items")
      .selectAll()
      .where("id", "=", itemId)
      .where("order_id", "=", order.id)
      .executeTakeFirst();
    if (!item) throw notFound("item");
    return work(trx, order, item);
  }).catch(itemNotFound);
}

/** Updates an item; answers the customer photo it no longer carries, if any, for removal. */
export async function updateItem(db: Db, caller: Caller, itemId: number, input: ItemInput) {
  return changeItem(db, caller, itemId, async (trx, order, item) => {
    const sameProduct = item.product_id === input.product_id;
    const priced = await priceItem(trx, caller, order, input, sameProduct ? item.quantity : 0);
    await trx
      .updateTable("order_items")
      .set({
        product_id: input.product_id,
        quantity: input.quantity,
        price: priced.price,
        subtotal: priced.subtotal,
        notes: priced.notes,
        updated_at: nowIso(),
        ...(sameProduct ? {} : { image_url: null }),
      })
      .where("id", "=", item.id)
      .execute();
    await trx.deleteFrom("item_preferences").where("item_id", "=", item.id).execute();
    if (priced.preferenceRows.length) {
      await trx
        .insertInto("item_preferences")
        .values(priced.preferenceRows.map((p) => ({ ...p, item_id: item.id })))
        .execute();
    }
    return { orderId: order.id, droppedImage: sameProduct ? null : item.image_url };
  });
}

/** Removes an item; removing the last one cancels the order (spec §4). */
export async function deleteItem(db: Db, caller: Caller, itemId: number) {
  return changeItem(db, caller, itemId, async (trx, order, item) => {
    await trx.deleteFrom("order_items").where("id", "=", item.id).execute();
    const left = await trx
      .selectFrom("order_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) await markCancelled(trx, order.id);
    return { orderId: order.id, droppedImage: item.image_url };
  });
}

/**
 * PUT /items/{id}/substitution: saves what the store does if the item is unavailable, under the
 * order's lock (decision 010): refused while the order does not allow substitutions (only
 * 'none' then), and for a product not offered for the item (GET /items/{id}/substitutes).
 */
export async function setItemSubstitution(
  db: Db,
  caller: Caller,
  itemId: number,
  body: { substitution: Substitution["substitution"]; substitute_product_id?: number | null },
) {
  return changeItem(db, caller, itemId, async (trx, order, item) => {
    const choice: Substitution = {
      substitution: body.substitution,
      substitute_product_id:
        body.substitution === "product" ? (body.substitute_product_id ?? null) : null,
    };
    const offered =
      choice.substitution === "product"
        ? await substituteCandidates(trx, order.department_id, item.product_id, caller.userId)
        : [];
    const problem = substitutionProblem(
      bool(order.substitutions_allowed),
      choice,
      offered.map((p) => p.id),
    );
    if (problem)
      throw invalid(
        { [problem.field]: [problem.message] },
        problem.message,
        problem.field === "substitution" ? "substitutions_off" : "substitute_not_offered",
      );
    await trx
      .updateTable("order_items")
      .set({ ...choice, updated_at: nowIso() })
      .where("id", "=", item.id)
      .execute();
  });
}

/** GET /items/{id}/substitutes: the similar products the caller's item may be substituted with. */
export async function listItemSubstitutes(db: Db, caller: Caller, itemId: number) {
  const orderId = await orderOfItem(db, itemId);
  const order = await findOwnedOrder(db, caller, orderId).catch(itemNotFound);
  const item = await db
    .selectFrom("order_items")
    .select("product_id")
    .where("id", "=", itemId)
    .executeTakeFirstOrThrow();
  const rows = await substituteCandidates(db, order.department_id, item.product_id, caller.userId);
  return rows.map(serializeProduct);
}

/** The item may take a customer photo: the caller's, still editable, of a product that takes one. */
export async function assertItemTakesPhoto(db: Db, caller: Caller, itemId: number) {
  const orderId = await orderOfItem(db, itemId);
  await findEditableOrder(db, caller, orderId).catch(itemNotFound);
  const product = await db
    .selectFrom("order_items")
    .innerJoin("products", "products.id", "order_items.product_id")
    .select("products.accepts_customer_photo")
    .where("order_items.id", "=", itemId)
    .executeTakeFirstOrThrow();
  if (!product.accepts_customer_photo)
    throw invalid(
      { image: ["This product does not take a photo."] },
      undefined,
      "photo_not_accepted",
    );
}

/**
 * Puts a stored photo on an item, checking again under the order's lock that the order is still
 * editable. Answers the photo it replaced, which the caller removes from storage.
 */
export async function setItemImage(db: Db, caller: Caller, itemId: number, imageUrl: string) {
  return changeItem(db, caller, itemId, async (trx, _order, item) => {
    await trx
      .updateTable("order_items")
      .set({ image_url: imageUrl, updated_at: nowIso() })
      .where("id", "=", item.id)
      .execute();
    return item.image_url;
  });
}

/** The answer of an item call: the item with its preferences. */
export async function getItem(db: Db, itemId: number): Promise<z.input<typeof OrderItemSchema>> {
  const [row, preferences, order] = await Promise.all([
    db.selectFrom("order_items").selectAll().where("id", "=", itemId).executeTakeFirstOrThrow(),
    preferencesOf(db, [itemId]),
    db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select("orders.substitutions_allowed")
      .where("order_items.id", "=", itemId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...serializeItem(row, bool(order.substitutions_allowed), await substituteNames(db, [row])),
    preferences: { data: preferences.map(serializePreference) },
  };
}
