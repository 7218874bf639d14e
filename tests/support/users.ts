/**
 * Signed-in callers without the sign-in flow: a `users` row bound to an API key in the database,
 * which is all the API looks at (`api_keys.user_id`).
 */
import { randomUUID } from "node:crypto";
import { hashKey } from "../../api/http/caller";
import type { TestApi } from "./api";

export interface TestUser {
  id: number;
  email: string;
}

/** A user of the test brand; with `card_number`, a Price Plus Club member. */
export async function newUser(
  api: TestApi,
  { card_number = null }: { card_number?: string | null } = {},
): Promise<TestUser> {
  const brand = await api.db.kysely.selectFrom("brands").select("id").executeTakeFirstOrThrow();
  const uuid = randomUUID();
  const email = `shopper-${uuid.slice(0, 8)}@example.com`;
  const { id } = await api.db.kysely
    .insertInto("users")
    .values({
      brand_id: brand.id,
      sso_subject: `test-${uuid}`,
      email,
      first_name: "Test",
      last_name: "Shopper",
      phone: null,
      uuid,
      card_number,
      mi9_uuid: null,
      mwg_uuid: null,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, email };
}

/** Binds a key to a user, as signing in on that device does. */
export async function bindKey(api: TestApi, key: string, user: TestUser) {
  await api.db.kysely
    .updateTable("api_keys")
    .set({ user_id: user.id })
    .where("key_hash", "=", hashKey(key))
    .execute();
}

/** Unbinds a key, as signing out does. */
export async function unbindKey(api: TestApi, key: string) {
  await api.db.kysely
    .updateTable("api_keys")
    .set({ user_id: null })
    .where("key_hash", "=", hashKey(key))
    .execute();
}

/** A fresh device signed in as `user` (a new user when none is given). */
export async function signedInKey(api: TestApi, user?: TestUser) {
  const key = await api.newKey();
  const who = user ?? (await newUser(api));
  await bindKey(api, key, who);
  return { key, user: who };
}
