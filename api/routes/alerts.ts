import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { list } from "../http/handler";
import { mount } from "../http/mount";
import { listAlerts } from "../services/alerts";
import { findStore } from "../services/stores";

export function alertsRouter({ db }: ApiContext) {
  const router = Router();
  mount(router, CALLS.alerts, async ({ query: q, res }) => {
    const caller = callerOf(res);
    await findStore(db.kysely, caller.brandId, q.store_id);
    return list(
      await listAlerts(db.kysely, {
        brandId: caller.brandId,
        storeId: q.store_id,
        exclude: q.exclude,
      }),
    );
  });
  return router;
}
