import { Router } from "express";
import { FavoriteBodySchema } from "@core/contract/orders";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, route } from "../http/handler";
import { parseBody, pathId } from "../http/validation";
import { isFavorite, setFavorite } from "../services/favorites";

/** A signed-in shopper's favorite star on a product (guests: 401). */
export function favoritesRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/products/:id/favorite",
    route(async (req, res) => {
      const id = pathId(req, "id", "product");
      return item({ favorite: await isFavorite(db.kysely, callerOf(res), id) });
    }),
  );

  router.put(
    "/products/:id/favorite",
    route(async (req, res) => {
      const id = pathId(req, "id", "product");
      const { favorite } = parseBody(FavoriteBodySchema, req);
      return item({ favorite: await setFavorite(db.kysely, callerOf(res), id, favorite) });
    }),
  );

  return router;
}
