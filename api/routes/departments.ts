import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item } from "../http/handler";
import { mount } from "../http/mount";
import { getCategory } from "../services/categories";
import { getDepartment } from "../services/departments";

export function departmentsRouter({ db }: ApiContext) {
  const router = Router();

  mount(router, CALLS.department, async ({ ids, query, res }) =>
    item(await getDepartment(db.kysely, callerOf(res).brandId, ids.id, query.include)),
  );

  mount(router, CALLS.category, async ({ ids, query, res }) => {
    const caller = callerOf(res);
    return item(
      await getCategory(db.kysely, {
        brandId: caller.brandId,
        categoryId: ids.id,
        userId: caller.userId,
        include: query.include,
      }),
    );
  });

  return router;
}
