import { Router } from "express";
import { z } from "zod";
import type { ApiContext } from "../http/context";
import { callerOf } from "../http/caller";
import { item, list, route } from "../http/handler";
import {
  coercedNumber,
  includeParam,
  latitude,
  longitude,
  parseQuery,
  pathId,
} from "../http/validation";
import { getStore, listStores } from "../services/stores";

const storeIncludes = includeParam(["brand", "departments", "pseudoDepartments"] as const);

const ListQuery = z
  .object({
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    limit: coercedNumber(
      z.coerce
        .number({ invalid_type_error: "Must be a whole number." })
        .int("Must be a whole number.")
        .min(1, "Must be at least 1.")
        .max(1000, "Must be at most 1000.")
        .default(1000),
    ),
    include: storeIncludes,
  })
  .superRefine((q, ctx) => {
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      const missing = q.latitude === undefined ? "latitude" : "longitude";
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [missing],
        message: "Latitude and longitude go together.",
      });
    }
  });

export function storesRouter({ db }: ApiContext) {
  const router = Router();

  router.get(
    "/stores",
    route(async (req, res) => {
      const q = parseQuery(ListQuery, req);
      const near =
        q.latitude !== undefined && q.longitude !== undefined
          ? { latitude: q.latitude, longitude: q.longitude }
          : undefined;
      const stores = await listStores(db.kysely, {
        brandId: callerOf(res).brandId,
        near,
        limit: q.limit,
        include: q.include,
      });
      return list(stores);
    }),
  );

  router.get(
    "/stores/:id",
    route(async (req, res) => {
      const id = pathId(req, "id", "store");
      const { include } = parseQuery(z.object({ include: storeIncludes }), req);
      return item(await getStore(db.kysely, callerOf(res).brandId, id, include));
    }),
  );

  return router;
}
