import { COLLECTION_ID_PATTERN, RECOMMENDATION_EVENTS } from "@core/contract/orders";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { route } from "../http/handler";
import { pathId } from "../http/validation";
import { recordRecommendationEvent } from "../services/recommendations";

/** Analytics of recommended products: a view or an add, counted against its collection. */
export function recommendationsRouter({ db }: ApiContext) {
  const router = Router();
  router.post(
    `/recommend_collection_analytics_snapshots/:collection/:product/:event(${RECOMMENDATION_EVENTS.join("|")})`,
    route(async (req, res) => {
      const collectionId = req.params.collection ?? "";
      if (!COLLECTION_ID_PATTERN.test(collectionId))
        return void res.status(404).json({
          status: 404,
          code: "not_found",
          message: "The requested collection could not be found.",
        });
      const productId = pathId(req, "product", "product");
      await recordRecommendationEvent(db.kysely, callerOf(res), {
        collectionId,
        productId,
        event: req.params.event as (typeof RECOMMENDATION_EVENTS)[number],
      });
      res.status(204).end();
    }),
  );
  return router;
}
