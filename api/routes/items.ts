import { CALLS } from "@core/contract/calls";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { releaseHoldsOf } from "../services/hold-releases";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { readImageUpload } from "../http/image-upload";
import { mount } from "../http/mount";
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

  mount(router, CALLS.addItem, async ({ body, res }) => {
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
    return item(await getItem(k, id));
  });

  mount(router, CALLS.updateItem, async ({ ids, body, res }) => {
    const { droppedImage } = await updateItem(k, callerOf(res), ids.id, body);
    await discardPhoto(droppedImage);
    return item(await getItem(k, ids.id));
  });

  mount(router, CALLS.deleteItem, async ({ ids, res }) => {
    const caller = callerOf(res);
    const { orderId, droppedImage } = await deleteItem(k, caller, ids.id);
    await discardPhoto(droppedImage);
    // The last item gone ends the order: its hold, if any, is released after the commit.
    await releaseHoldsOf(k, payment, orderId);
    return item(await getOrder(k, caller, orderId, new Set()));
  });

  // Multipart: the photo is read here, after the item is known to take one.
  mount(router, CALLS.uploadItemImage, async ({ ids: { id }, req, res }) => {
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
  });

  mount(router, CALLS.setItemSubstitution, async ({ ids, body, res }) => {
    await setItemSubstitution(k, callerOf(res), ids.id, body);
    return item(await getItem(k, ids.id));
  });

  mount(router, CALLS.itemSubstitutes, async ({ ids, res }) => {
    const data = await listItemSubstitutes(k, callerOf(res), ids.id);
    return { data, meta: { count: data.length } };
  });

  return router;
}
