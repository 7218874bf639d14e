import type { Alert, AlertSchema } from "@core/contract/stores";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";

/** Alerts running now for a store (its own and the brand-wide ones), minus those already seen. */
export async function listAlerts(
  db: Kysely<Database>,
  opts: { brandId: number; storeId: number; exclude: number[] },
): Promise<z.input<typeof AlertSchema>[]> {
  const now = nowIso();
  let query = db
    .selectFrom("alerts")
    .select(["id", "type", "name", "message", "image_url", "alt_text"])
    .where("brand_id", "=", opts.brandId)
    .where((eb) => eb.or([eb("store_id", "is", null), eb("store_id", "=", opts.storeId)]))
    .where((eb) => eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]))
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]));
  if (opts.exclude.length) query = query.where("id", "not in", opts.exclude);
  const rows = await query.orderBy("weight").orderBy("id").execute();
  // The seed and the admin write only the two alert types the contract names.
  return rows.map((row) => ({ ...row, type: row.type as Alert["type"] }));
}
