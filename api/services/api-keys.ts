/** API keys: one per registered device (POST /keys), each remembering the shopper's home store. */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { nowIso } from "../db/values";
import { hashKey } from "../http/caller";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeviceDetails {
  brand?: string | null;
  platform?: string | null;
  model?: string | null;
  version?: string | null;
  app_type?: string | null;
  app_version?: string | null;
}

/** Registers a device: a new key (answered once, stored hashed) and the device's uuid. */
export async function registerDevice(
  db: Kysely<Database>,
  brandId: number,
  registration: { uuid?: string | null; device: DeviceDetails },
): Promise<{ apikey: string; uuid: string }> {
  // A device keeps its uuid across sessions; a missing or malformed one gets a new uuid.
  const uuid =
    registration.uuid && UUID.test(registration.uuid)
      ? registration.uuid.toLowerCase()
      : randomUUID();
  const apikey = randomBytes(32).toString("base64url");
  const { device } = registration;
  await db
    .insertInto("api_keys")
    .values({
      key_hash: hashKey(apikey),
      uuid,
      brand_id: brandId,
      device_brand: device.brand ?? null,
      device_platform: device.platform ?? null,
      device_model: device.model ?? null,
      device_version: device.version ?? null,
      app_type: device.app_type || "website",
      app_version: device.app_version ?? null,
      created_at: nowIso(),
    })
    .execute();
  return { apikey, uuid };
}

/** The home store the key remembers, or null before the shopper chose one. */
export async function homeStoreOf(db: Kysely<Database>, apiKeyId: number): Promise<number | null> {
  const key = await db
    .selectFrom("api_keys")
    .select("home_store_id")
    .where("id", "=", apiKeyId)
    .executeTakeFirstOrThrow();
  return key.home_store_id;
}

export async function setHomeStore(
  db: Kysely<Database>,
  apiKeyId: number,
  storeId: number,
): Promise<void> {
  await db
    .updateTable("api_keys")
    .set({ home_store_id: storeId })
    .where("id", "=", apiKeyId)
    .execute();
}
