import {
  ItemBodySchema,
  ItemSubstitutionBodySchema,
  NewItemBodySchema,
  type SubstitutesAnswerSchema,
} from "@core/contract/orders";
import type { z } from "zod";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { releaseHoldsOf } from "../services/hold-releases";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { readImageUpload } from "../http/image-upload";
import { parseBody, pathId } from "../http/validation";
import { diskStorage, type ImageStorage } from "../integrations/storage";
import { logger } from "../logger";
import {
  addItem,
  addItemToNewOrder,
  assertItemTakesPhoto,
  deleteItem,
  getItem,
  listItemSubstitutes,
  setItemImage,
  setItemSubstitution,
  updateItem,
} from "../services/items";
import { getOrder } from "../services/orders";

/**
 * The items of an order: add, change, remove, the customer photo of one, and what the store does
 * if one is unavailable (its substitution choice and the products offered for it).
 */
export function itemsRouter({ db, payment }: ApiContext, storage: ImageStorage = diskStorage()) {
  const router = Router();
  const k = db.kysely;

  /** Removing a photo is tidying up: a failure is logged, never the shopper's problem. */
  const discardPhoto = async (url: string | null) => {
    if (!url) return;
    await storage.remove(url).catch((error: unknown) => {
      logger.warn("could not remove a customer photo", { url, error: String(error) });
    });
  };

  router.post(
    "/items",
    route(async (req, res) => {
      const body = parseBody(NewItemBodySchema, req);
      const caller = callerOf(res);
      const id =
        body.order_id !== undefined
          ? await addItem(k, caller, body.order_id, body)
          : (
              await addItemToNewOrder(
                k,
                caller,
                { department_id: body.department_id!, source: body.source },
                body,
              )
            ).id;
      res.status(201).json(item(await getItem(k, id)));
    }),
  );

  router.put(
    "/items/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      const body = parseBody(ItemBodySchema, req);
      const { droppedImage } = await updateItem(k, callerOf(res), id, body);
      await discardPhoto(droppedImage);
      return item(await getItem(k, id));
    }),
  );

  router.delete(
    "/items/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      const caller = callerOf(res);
      const { orderId, droppedImage } = await deleteItem(k, caller, id);
      await discardPhoto(droppedImage);
      // The last item gone ends the order: its hold, if any, is released after the commit.
      await releaseHoldsOf(k, payment, orderId);
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
      return item(await getItem(k, id));
    }),
  );

  router.put(
    "/items/:id/substitution",
    route(async (req, res) => {
      const id = pathId(req, "id", "item");
      const body = parseBody(ItemSubstitutionBodySchema, req);
      await setItemSubstitution(k, callerOf(res), id, body);
      return item(await getItem(k, id));
    }),
  );

  router.get(
    "/items/:id/substitutes",
    route(async (req, res) => {
      const data = await listItemSubstitutes(k, callerOf(res), pathId(req, "id", "item"));
      return { data, meta: { count: data.length } } satisfies z.input<
        typeof SubstitutesAnswerSchema
      >;
    }),
  );

  return router;
}
