import { RECOMMENDATION_EVENTS } from "@core/contract/orders";
import { Router } from "express";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { route } from "../http/handler";
import { pathId } from "../http/validation";
import { recordRecommendationEvent } from "../services/recommendations";

/** Analytics of recommended products: a view or an add, counted against its collection. */
export function recommendationsRouter({ db, config }: ApiContext) {
  const router = Router();
  router.post(
    `/recommend_collection_analytics_snapshots/:collection/:product/:event(${RECOMMENDATION_EVENTS.join("|")})`,
    route(async (req, res) => {
      const productId = pathId(req, "product", "product");
      await recordRecommendationEvent(db.kysely, config.apiSecret, callerOf(res), {
        collectionId: req.params.collection ?? "",
        productId,
        event: req.params.event as (typeof RECOMMENDATION_EVENTS)[number],
      });
      res.status(204).end();
    }),
  );
  return router;
}
