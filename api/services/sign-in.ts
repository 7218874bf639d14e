/**
 * Single sign-on, the API's side (decision 016): a device asks where to send its shopper, the API
 * keeps the PKCE verifier and nonce under a fresh state bound to that device's key, and when the
 * shopper comes back the API checks the state, exchanges the code, keeps the person as a `users`
 * row and answers a new key bound to them. The key is how every later call knows who is signed
 * in; the device's old key is retired at that moment, so a copy of it taken before the sign-in
 * (a planted or stolen cookie) never becomes the person's (ASVS V3.2.1, session fixation).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import * as oidc from "openid-client";
import type { Authorization, UserProfile } from "@core/contract/accounts";
import { ORDER_STATUS } from "@core/rules/order-status";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/transaction";
import { nowIso } from "../db/values";
import { hashKey, type Caller } from "../http/caller";
import { forbidden, HttpError, invalid, unauthenticated } from "../http/errors";
import {
  IdentityRefused,
  IdentityUnreachable,
  type IdentityAddress,
  type IdentityClaims,
  type IdentityClient,
} from "../integrations/identity";
import { isAllowedReturn, type ReturnOrigins } from "../integrations/identity/returns";

/** Long enough to sign in or register, short enough that a stolen state is soon worthless. */
const SIGN_IN_TTL_MS = 15 * 60 * 1000;

function requireProvider(identity: IdentityClient | null): IdentityClient {
  if (!identity)
    throw new HttpError(503, "Single sign-on is not set up here.", undefined, "sso_unavailable");
  return identity;
}

/** Provider failures as the contract's codes; anything else is the API's own error. */
function providerError(error: unknown): unknown {
  if (error instanceof IdentityUnreachable)
    return new HttpError(
      502,
      "Network connection issue communicating with SSO server. Continuing as guest.",
      undefined,
      "sso_unreachable",
    );
  if (error instanceof IdentityRefused)
    return invalid(
      { code: ["The sign-in could not be completed. Please sign in again."] },
      "The sign-in could not be completed.",
      "sso_code_rejected",
    );
  return error;
}

export async function startSignIn(
  db: Kysely<Database>,
  identity: IdentityClient | null,
  caller: Caller,
  {
    redirectUri,
    register,
    returnOrigins,
  }: { redirectUri: string; register: boolean; returnOrigins: ReturnOrigins },
): Promise<Authorization> {
  const provider = requireProvider(identity);
  if (!isAllowedReturn(redirectUri, returnOrigins))
    throw invalid({ redirect_uri: ["The redirect uri is not a sign-in return of this shop."] });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
  let authorizationUrl: string;
  try {
    authorizationUrl = await provider.authorizationUrl({
      redirectUri,
      state,
      nonce,
      codeChallenge,
      register,
    });
  } catch (error) {
    throw providerError(error);
  }
  const now = Date.now();
  // Abandoned sign-ins are dropped as new ones start; the index keeps this cheap.
  await db
    .deleteFrom("sso_sign_ins")
    .where("expires_at", "<", new Date(now).toISOString())
    .execute();
  await db
    .insertInto("sso_sign_ins")
    .values({
      state,
      api_key_id: caller.apiKeyId,
      code_verifier: codeVerifier,
      nonce,
      redirect_uri: redirectUri,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + SIGN_IN_TTL_MS).toISOString(),
    })
    .execute();
  return { authorization_url: authorizationUrl, state };
}

export interface SignInReturn {
  code: string;
  redirect_uri: string;
  state: string;
  iss?: string;
}

export async function finishSignIn(
  db: Kysely<Database>,
  identity: IdentityClient | null,
  caller: Caller,
  signInReturn: SignInReturn,
): Promise<{ profile: UserProfile; apiKey: string }> {
  const provider = requireProvider(identity);
  const now = nowIso();
  // Spent here, whatever follows: a state opens one exchange at most, for the key that asked.
  const started = await db
    .updateTable("sso_sign_ins")
    .set({ used_at: now })
    .where("state", "=", signInReturn.state)
    .where("api_key_id", "=", caller.apiKeyId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["code_verifier", "nonce", "redirect_uri"])
    .executeTakeFirst();
  if (!started || started.redirect_uri !== signInReturn.redirect_uri) {
    throw invalid(
      { state: ["This sign-in has expired or was not started here. Please sign in again."] },
      "The sign-in could not be completed.",
      "sso_state_invalid",
    );
  }
  let claims: IdentityClaims;
  try {
    claims = await provider.exchange({
      code: signInReturn.code,
      redirectUri: signInReturn.redirect_uri,
      state: signInReturn.state,
      iss: signInReturn.iss,
      codeVerifier: started.code_verifier,
      nonce: started.nonce,
    });
  } catch (error) {
    throw providerError(error);
  }
  const { userId, apiKey } = await writeTransaction(db, async (trx) => {
    const userId = await keepUser(trx, caller, claims);
    return { userId, apiKey: await rotateKey(trx, caller, userId) };
  });
  return { profile: await profileOf(db, userId), apiKey };
}

/** A key that no longer opens anything: its hash is replaced by one of a key nobody holds. */
async function retireKey(trx: Kysely<Database>, apiKeyId: number): Promise<void> {
  await trx
    .updateTable("api_keys")
    .set({ key_hash: hashKey(randomBytes(32).toString("base64url")), user_id: null })
    .where("id", "=", apiKeyId)
    .execute();
}

/**
 * The signed-in device's new key: the same device (uuid, details, home store), bound to the
 * person. The old key's carts become the person's and move to the new key; its orders placed as a
 * guest move to the new key but stay the guest's; the old key is retired.
 */
async function rotateKey(trx: Kysely<Database>, caller: Caller, userId: number): Promise<string> {
  const old = await trx
    .selectFrom("api_keys")
    .selectAll()
    .where("id", "=", caller.apiKeyId)
    .executeTakeFirstOrThrow();
  const apiKey = randomBytes(32).toString("base64url");
  const { id: newKeyId } = await trx
    .insertInto("api_keys")
    .values({
      key_hash: hashKey(apiKey),
      uuid: old.uuid,
      brand_id: old.brand_id,
      device_brand: old.device_brand,
      device_platform: old.device_platform,
      device_model: old.device_model,
      device_version: old.device_version,
      app_type: old.app_type,
      app_version: old.app_version,
      home_store_id: old.home_store_id,
      user_id: userId,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The device's carts (and whatever is already the person's) become the person's.
  await trx
    .updateTable("orders")
    .set({ api_key_id: newKeyId, user_id: userId })
    .where("api_key_id", "=", caller.apiKeyId)
    .where((eb) =>
      eb.or([
        eb.and([eb("user_id", "is", null), eb("status", "=", ORDER_STATUS.incomplete)]),
        eb("user_id", "=", userId),
      ]),
    )
    .execute();
  // An order placed as a guest stays the guest's: its customer is whoever checked out, not whoever
  // signs in on the device later. It follows the device's key, so its confirmation still shows
  // here, but never joins the account's past orders.
  await trx
    .updateTable("orders")
    .set({ api_key_id: newKeyId })
    .where("api_key_id", "=", caller.apiKeyId)
    .where("user_id", "is", null)
    .execute();
  await retireKey(trx, caller.apiKeyId);
  return apiKey;
}

/** The store the claims name, when it is one of this brand's (decision 042); else null. */
async function brandStore(trx: Kysely<Database>, brandId: number, storeId: number | null) {
  if (storeId === null) return null;
  const store = await trx
    .selectFrom("stores")
    .select("id")
    .where("id", "=", storeId)
    .where("brand_id", "=", brandId)
    .executeTakeFirst();
  return store?.id ?? null;
}

/** The person as a `users` row of this brand (made or brought up to date), bound to the key. */
async function keepUser(
  trx: Kysely<Database>,
  caller: Caller,
  claims: IdentityClaims,
): Promise<number> {
  const details = {
    email: claims.email,
    first_name: claims.firstName,
    last_name: claims.lastName,
    phone: claims.phone,
    card_number: claims.cardNumber,
    // Said again at every sign-in: an associate who moved, or left, is no longer the old store's.
    associate_store_id: await brandStore(trx, caller.brandId, claims.associateStoreId),
  };
  const { id: userId } = await trx
    .insertInto("users")
    .values({
      brand_id: caller.brandId,
      sso_subject: claims.subject,
      uuid: randomUUID(),
      created_at: nowIso(),
      ...details,
    })
    .onConflict((conflict) => conflict.columns(["brand_id", "sso_subject"]).doUpdateSet(details))
    .returning("id")
    .executeTakeFirstOrThrow();
  // A key signed in as one person never signs in another: that device signs out first.
  if (caller.userId !== null && caller.userId !== userId)
    throw forbidden(
      "This device is signed in as someone else. Sign out first.",
      "sso_key_bound_to_other_user",
    );
  // The provider is the source of the saved addresses: what it says now replaces what it said.
  await keepAddresses(trx, [userId], claims.addresses);
  return userId;
}

async function keepAddresses(
  trx: Kysely<Database>,
  userIds: number[],
  addresses: readonly IdentityAddress[],
): Promise<void> {
  if (userIds.length === 0) return;
  await trx.deleteFrom("user_addresses").where("user_id", "in", userIds).execute();
  const rows = userIds.flatMap((userId) =>
    addresses.map((address) => ({
      user_id: userId,
      address_line_1: address.line1,
      address_line_2: null,
      city: address.city,
      state: address.state,
      zip_code: address.zipCode,
      created_at: nowIso(),
    })),
  );
  if (rows.length) await trx.insertInto("user_addresses").values(rows).execute();
}

/**
 * The provider says a person's addresses changed (the sandbox tells this process when its
 * address page saves one): every user of that provider subject, in any brand, gets them.
 */
export async function providerAddressesChanged(
  db: Kysely<Database>,
  subject: string,
  addresses: readonly IdentityAddress[],
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    const users = await trx
      .selectFrom("users")
      .select("id")
      .where("sso_subject", "=", subject)
      .execute();
    await keepAddresses(
      trx,
      users.map((user) => user.id),
      addresses,
    );
  });
}

/**
 * Signing out on the API's side: the key is retired, so no copy of it (an old cookie) reads the
 * person's orders or profile again; the device registers a new key as a guest.
 */
export async function signOut(db: Kysely<Database>, caller: Caller): Promise<void> {
  await retireKey(db, caller.apiKeyId);
}

/** §3 "User profile" of the key's user; 401 for a guest's key. */
export async function profileFor(db: Kysely<Database>, caller: Caller): Promise<UserProfile> {
  if (caller.userId === null) throw unauthenticated();
  return profileOf(db, caller.userId);
}

async function profileOf(db: Kysely<Database>, userId: number): Promise<UserProfile> {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "email",
      "first_name",
      "last_name",
      "phone",
      "uuid",
      "card_number",
      "mi9_uuid",
      "mwg_uuid",
      "associate_store_id",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw unauthenticated();
  const addresses = await db
    .selectFrom("user_addresses")
    .select(["address_line_1", "address_line_2", "city", "state", "zip_code"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  return { ...user, addresses };
}
