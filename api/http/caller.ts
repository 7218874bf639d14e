import { createHash } from "node:crypto";
import type { RequestHandler, Response } from "express";
import { compiledQuery } from "../db/compiled-query";
import type { Db } from "../db/connection";
import { changeStamp, keptWhileUnchanged } from "../db/unchanged";
import { unauthenticated } from "./errors";

/** Who is calling: the device's API key, its brand and, once signed in, its user. */
export interface Caller {
  apiKeyId: number;
  brandId: number;
  userId: number | null;
  uuid: string;
}

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * Every API call looks its key up: compiled once per process (decision 040), kept while the
 * database is unchanged (decision 046; a key revoked or signed in is a write).
 */
const apiKeyQuery = compiledQuery((db, v: { keyHash: string }) =>
  db
    .selectFrom("api_keys")
    .select(["id", "brand_id", "user_id", "uuid"])
    .where("key_hash", "=", v.keyHash)
    .limit(1),
);
const apiKeyRows = keptWhileUnchanged(
  (keyHash: string) => keyHash,
  (db, keyHash) => apiKeyQuery(db, { keyHash }),
);

/**
 * The database's change stamp as this request found it first (db/unchanged.ts): read by the key
 * guard, before the call reads anything. Only for calls that write nothing.
 */
export function requestStamp(res: Response, db: Db): Promise<string | null> {
  return (res.locals.changeStamp as Promise<string | null> | undefined) ?? changeStamp(db.kysely);
}

/** Reads `Authorization: Bearer KEY` (or a bare key); 401 when missing or unknown. */
export function requireApiKey(db: Db): RequestHandler {
  return (req, res, next) => {
    const header = req.get("authorization") ?? "";
    const key = header.replace(/^Bearer\s+/i, "").trim();
    if (!key || key.length > 200) return next(unauthenticated());
    const stamp = changeStamp(db.kysely);
    res.locals.changeStamp = stamp;
    stamp
      .then((at) => apiKeyRows.at(db.kysely, at, hashKey(key)))
      .then(([row]) => {
        if (!row) return next(unauthenticated());
        const caller: Caller = {
          apiKeyId: row.id,
          brandId: row.brand_id,
          userId: row.user_id,
          uuid: row.uuid,
        };
        res.locals.caller = caller;
        next();
      }, next);
  };
}

export function callerOf(res: Response): Caller {
  const caller = res.locals.caller as Caller | undefined;
  if (!caller) throw unauthenticated();
  return caller;
}
