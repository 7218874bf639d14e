import { Router } from "express";
import { AlertsQuerySchema } from "@core/contract/stores";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { list, route } from "../http/handler";
import { parseQuery } from "../http/validation";
import { listAlerts } from "../services/alerts";
import { findStore } from "../services/stores";

export function alertsRouter({ db }: ApiContext) {
  const router = Router();
  router.get(
    "/alerts",
    route(async (req, res) => {
      const q = parseQuery(AlertsQuerySchema, req);
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
