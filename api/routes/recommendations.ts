import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { RECOMMENDATION_EVENTS } from "@core/contract/orders";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { mount } from "../http/mount";
import { recordRecommendationEvent } from "../services/recommendations";

/** Analytics of recommended products: a view or an add, counted against its collection. */
export function recommendationsRouter({ db, config }: ApiContext) {
  const router = Router();
  mount(router, CALLS.recordRecommendation, async ({ ids, req, res }) => {
    await recordRecommendationEvent(db.kysely, config.apiSecret, callerOf(res), {
      collectionId: req.params.collection ?? "",
      productId: ids.product,
      // The route matches the table's events only.
      event: req.params.event as (typeof RECOMMENDATION_EVENTS)[number],
    });
  });
  return router;
}
