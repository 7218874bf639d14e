import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { logger } from "../logger";
import { readImageUpload } from "../http/image-upload";
import { item, list, route } from "../http/handler";
import {
  coercedNumber,
  includeParam,
  parseBody,
  parseQuery,
  pathId,
  queryId,
} from "../http/validation";
import { diskStorage, type ImageStorage } from "../integrations/storage";
import {
  addItem,
  assertItemTakesPhoto,
  deleteItem,
  setItemImage,
  updateItem,
} from "../services/items";
import {
  createOrder,
  getOrder,
  ORDER_INCLUDES,
  serializeItem,
  serializeOrderRow,
} from "../services/orders";

const SOURCES = ["website", "kiosk", "app", "phone"] as const;

const NewOrder = z.object({
  department_id: queryId,
  source: z
    .enum(SOURCES, { errorMap: () => ({ message: `Must be one of ${SOURCES.join(", ")}.` }) })
    .default("website"),
});

const PreferenceInput = z.object({
  facet_id: queryId,
  choice_id: queryId
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  value: z
    .string()
    .max(500, "Must be at most 500 characters.")
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

const ItemBody = z.object({
  product_id: queryId,
  quantity: coercedNumber(
    z.coerce
      .number({ invalid_type_error: "Must be a number." })
      .positive("Must be more than zero.")
      .max(1000, "Is too large."),
  ),
  preferences: z.array(PreferenceInput).max(100, "Too many preferences.").default([]),
  notes: z.string().max(1000, "Must be at most 1000 characters.").nullable().optional(),
  add_source: z.enum(["default", "recommendation"]).default("default"),
  // Any price a client sends is ignored: zod drops unknown keys.
});

const NewItem = ItemBody.extend({ order_id: queryId });

const OrderQuery = z.object({ include: includeParam(ORDER_INCLUDES) });

export function ordersRouter({ db }: ApiContext, storage: ImageStorage = diskStorage()) {
  const router = Router();
  const k = db.kysely;

  router.post(
    "/orders",
    route(async (req, res) => {
      const body = parseBody(NewOrder, req);
      const caller = callerOf(res);
      const id = await createOrder(k, caller, body);
      res.status(201).json(item(await getOrder(k, caller, id, new Set())));
    }),
  );

  router.get(
    "/orders",
    route(async (_req, res) => {
      const caller = callerOf(res);
      // Past orders belong to the signed-in user; a guest sees the orders of this device.
      const rows = await k
        .selectFrom("orders")
        .selectAll()
        .where("brand_id", "=", caller.brandId)
        .where((eb) =>
          caller.userId === null
            ? eb("api_key_id", "=", caller.apiKeyId)
            : eb("user_id", "=", caller.userId),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(100)
        .execute();
      return list(rows.map((o) => serializeOrderRow(o, 0)));
    }),
  );

  router.get(
    "/orders/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "order");
      const { include } = parseQuery(OrderQuery, req);
      return item(await getOrder(k, callerOf(res), id, include));
    }),
  );

  /** Removing a photo is tidying up: a failure is logged, never the shopper's problem. */
  const discardPhoto = async (url: string | null) => {
    if (!url) return;
    await storage.remove(url).catch((error: unknown) => {
      logger.warn("could not remove a customer photo", { url, error: String(error) });
    });
  };

  const itemAnswer = async (itemId: number) => {
    const row = await k
      .selectFrom("order_items")
      .selectAll()
      .where("id", "=", itemId)
      .executeTakeFirstOrThrow();
    const prefs = await k
      .selectFrom("item_preferences")
      .selectAll()
      .where("item_id", "=", itemId)
      .orderBy("id")
      .execute();
    return item({
      ...serializeItem(row),
      preferences: {
        data: prefs.map((p) => ({
          id: p.id,
          facet_id: p.facet_id,
          choice_id: p.choice_id,
          value: p.value,
          name: p.name,
          price: p.price,
        })),
      },
    });
  };

  router.post(
    "/items",
    route(async (req, res) => {
      const body = parseBody(NewItem, req);
      const id = await addItem(k, callerOf(res), body.order_id, body);
      res.status(201).json(await itemAnswer(id));
    }),
  );

  router.put(
    "/items/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      const body = parseBody(ItemBody, req);
      const { droppedImage } = await updateItem(k, callerOf(res), id, body);
      await discardPhoto(droppedImage);
      return itemAnswer(id);
    }),
  );

  router.delete(
    "/items/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      const caller = callerOf(res);
      const { orderId, droppedImage } = await deleteItem(k, caller, id);
      await discardPhoto(droppedImage);
      return item(await getOrder(k, caller, orderId, new Set()));
    }),
  );

  router.post(
    "/items/:id/image",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      // Refuse before reading the body: no file is stored for an item that cannot take one.
      const caller = callerOf(res);
      await assertItemTakesPhoto(k, caller, id);
      const upload = await readImageUpload(req);
      const url = await storage.save(upload.bytes, upload.extension);
      // One photo per item: the one it replaces goes; a refused change leaves none behind.
      const replaced = await setItemImage(k, caller, id, url).catch(async (error: unknown) => {
        await discardPhoto(url);
        throw error;
      });
      await discardPhoto(replaced);
      return itemAnswer(id);
    }),
  );

  return router;
}
