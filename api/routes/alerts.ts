import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { list, route } from "../http/handler";
import { parseQuery, queryId } from "../http/validation";
import { listAlerts } from "../services/alerts";
import { findStore } from "../services/stores";

const AlertsQuery = z.object({
  store_id: queryId,
  // Bracket style (exclude[]=1) arrives as an array; a single value as a string.
  exclude: z
    .union([queryId, z.array(queryId).max(200, "At most 200 ids.")])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

export function alertsRouter({ db }: ApiContext) {
  const router = Router();
  router.get(
    "/alerts",
    route(async (req, res) => {
      const q = parseQuery(AlertsQuery, req);
      const caller = callerOf(res);
      await findStore(db.kysely, caller.brandId, q.store_id);
      return list(
        await listAlerts(db.kysely, {
          brandId: caller.brandId,
          storeId: q.store_id,
          exclude: q.exclude,
        }),
      );
    }),
  );
  return router;
}
