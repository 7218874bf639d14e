import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { mount } from "../http/mount";
import { isFavorite, setFavorite } from "../services/favorites";

/** A signed-in shopper's favorite star on a product (guests: 401). */
export function favoritesRouter({ db }: ApiContext) {
  const router = Router();

  mount(router, CALLS.favorite, async ({ ids, res }) =>
    item({ favorite: await isFavorite(db.kysely, callerOf(res), ids.id) }),
  );

  mount(router, CALLS.setFavorite, async ({ ids, body, res }) =>
    item({ favorite: await setFavorite(db.kysely, callerOf(res), ids.id, body.favorite) }),
  );

  return router;
}
