/**
 * The shared-data version (migration 006): read at most once per `maxAgeMs` per process, so that
 * stamping it on every answer costs one small query a second, not one per call. A change made
 * elsewhere is therefore announced within that time.
 */
import type { Db } from "../db/connection";

const SHARED_DATA_VERSION_MAX_AGE_MS = 1000;

export function sharedDataVersionReader(db: Db, maxAgeMs = SHARED_DATA_VERSION_MAX_AGE_MS) {
  let current: { value: Promise<number>; readAt: number } | undefined;
  const read = async () => {
    const row = await db.kysely
      .selectFrom("shared_data_version")
      .select("version")
      .where("id", "=", 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  };
  return (): Promise<number> => {
    const now = Date.now();
    if (!current || now - current.readAt >= maxAgeMs) {
      const value = read();
      const entry = { value, readAt: now };
      // A failed read is not kept: the next answer tries again.
      value.catch(() => {
        if (current === entry) current = undefined;
      });
      current = entry;
    }
    return current.value;
  };
}
