/**
 * The sandbox provider's storage in the shop's database (`sso_provider_records`), in
 * oidc-provider's adapter shape: a sign-in begun on one worker process is carried on by whichever
 * worker the next request reaches, which its in-memory default cannot do.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";

/* eslint-disable @typescript-eslint/no-explicit-any -- payloads are oidc-provider's own objects */
type Payload = Record<string, any>;

/** Expired rows are swept at most this often per process, on a write. */
const SWEEP_EVERY_MS = 60_000;

export function databaseAdapter(db: Kysely<Database>) {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await db
      .deleteFrom("sso_provider_records")
      .where("expires_at", "<", new Date().toISOString())
      .execute();
  };

  return class DatabaseAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      await sweep();
      const row = {
        payload: JSON.stringify(payload),
        grant_id: typeof payload.grantId === "string" ? payload.grantId : null,
        uid: typeof payload.uid === "string" ? payload.uid : null,
        user_code: typeof payload.userCode === "string" ? payload.userCode : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      };
      await db
        .insertInto("sso_provider_records")
        .values({ model: this.model, id, consumed_at: null, ...row })
        .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet(row))
        .execute();
    }

    async find(id: string) {
      return this.findWhere("id", id);
    }

    async findByUid(uid: string) {
      return this.findWhere("uid", uid);
    }

    async findByUserCode(userCode: string) {
      return this.findWhere("user_code", userCode);
    }

    async consume(id: string) {
      await db
        .updateTable("sso_provider_records")
        .set({ consumed_at: Math.floor(Date.now() / 1000) })
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async destroy(id: string) {
      await db
        .deleteFrom("sso_provider_records")
        .where("model", "=", this.model)
        .where("id", "=", id)
        .execute();
    }

    async revokeByGrantId(grantId: string) {
      await db.deleteFrom("sso_provider_records").where("grant_id", "=", grantId).execute();
    }

    private async findWhere(column: "id" | "uid" | "user_code", value: string) {
      const row = await db
        .selectFrom("sso_provider_records")
        .select(["payload", "expires_at", "consumed_at"])
        .where("model", "=", this.model)
        .where(column, "=", value)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at !== null && new Date(row.expires_at).getTime() <= Date.now())
        return undefined;
      const payload = JSON.parse(row.payload) as Payload;
      return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
    }
  };
}
