/**
 * The sandbox provider's accounts: test people in `sandbox_sso_accounts`, passwords hashed with
 * scrypt (node:crypto), four of them always there (README: "Test users"; two store associates).
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { DEMO_SHOPPER } from "../../../db/seed/demo-shopper";
import type { Kysely, Selectable } from "kysely";
import type { Database, SandboxSsoAccountsTable } from "../../../db/schema";
import { writeTransaction } from "../../../db/transaction";
import { nowIso } from "../../../db/values";
import {
  ADDRESSES_CLAIM,
  ASSOCIATE_ROLE,
  CARD_NUMBER_CLAIM,
  STORE_ID_CLAIM,
  STORE_ROLE_CLAIM,
  type IdentityAddress,
} from "..";

export type SandboxAccount = Selectable<SandboxSsoAccountsTable>;

// scrypt's recommended interactive cost: about 50 ms and 16 MB per hash.
const COST = { N: 16384, r: 8, p: 1 };

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      32,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (e, key) => (e ? reject(e) : resolve(key)),
    ),
  );
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return [
    "scrypt",
    COST.N,
    COST.r,
    COST.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password checked against no account costs what a real check costs (no timing oracle). */
let dummyHash: Promise<string> | undefined;

export async function authenticate(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<SandboxAccount | null> {
  const account = await findByEmail(db, email);
  if (!account) {
    dummyHash ??= hashPassword("not a password");
    await verifyPassword(password, await dummyHash);
    return null;
  }
  return (await verifyPassword(password, account.password_hash)) ? account : null;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function findByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("sandbox_sso_accounts")
    .selectAll()
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

export function findBySubject(db: Kysely<Database>, subject: string) {
  return db
    .selectFrom("sandbox_sso_accounts")
    .selectAll()
    .where("subject", "=", subject)
    .executeTakeFirst();
}

export interface NewAccount {
  /** The provider's stable id for the person; a new one unless given (the demo shopper's is). */
  subject?: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  phone?: string | null;
  cardNumber?: string | null;
  address?: { line1: string; city: string; state: string; zipCode: string } | null;
  /** A store associate: the name of the store they work at (decision 042). */
  associateStore?: string | null;
}

/** Makes an account; false when the email is taken (by a concurrent registration too). */
export async function createAccount(db: Kysely<Database>, account: NewAccount): Promise<boolean> {
  const inserted = await db
    .insertInto("sandbox_sso_accounts")
    .values({
      subject: account.subject ?? randomUUID(),
      email: normalizeEmail(account.email),
      password_hash: await hashPassword(account.password),
      given_name: account.givenName,
      family_name: account.familyName,
      phone: account.phone ?? null,
      card_number: account.cardNumber ?? null,
      address_line_1: account.address?.line1 ?? null,
      city: account.address?.city ?? null,
      state: account.address?.state ?? null,
      zip_code: account.address?.zipCode ?? null,
      associate_store: account.associateStore ?? null,
      created_at: nowIso(),
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The test people every sandbox has (README); made once, by whichever process gets there. */
const TEST_ACCOUNTS: NewAccount[] = [
  {
    // The demo data's shopper (api/db/seed/demo-shopper.ts) is this person: her past orders are
    // there when she signs in.
    subject: DEMO_SHOPPER.sso_subject,
    email: "pat@example.com",
    password: "pat-password",
    givenName: DEMO_SHOPPER.first_name,
    familyName: DEMO_SHOPPER.last_name,
    phone: DEMO_SHOPPER.phone,
    cardNumber: DEMO_SHOPPER.card_number,
    address: { line1: "12 Orchard Lane", city: "Albany", state: "NY", zipCode: "12203" },
  },
  { email: "sam@example.com", password: "sam-password", givenName: "Sam", familyName: "Okafor" },
  // Store associates (issue 30): their claims name their store.
  {
    email: "ana@example.com",
    password: "ana-password",
    givenName: "Ana",
    familyName: "Morales",
    associateStore: "Princeton",
  },
  {
    email: "lee@example.com",
    password: "lee-password",
    givenName: "Lee",
    familyName: "Chen",
    associateStore: "Hoboken",
  },
];

export async function ensureTestAccounts(db: Kysely<Database>): Promise<void> {
  for (const account of TEST_ACCOUNTS) {
    if (!(await findByEmail(db, account.email))) await createAccount(db, account);
  }
}

/**
 * An account's address book, kept with the provider's other records (`sso_provider_records`,
 * one row per account): the address it was made with until one is added on the address page.
 */
const ADDRESS_BOOK = "SandboxAddressBook";
/** More than a shopper keeps; a full book takes no more. */
const ADDRESS_BOOK_LIMIT = 20;

const ownAddress = (account: SandboxAccount): IdentityAddress[] =>
  account.address_line_1 && account.city && account.state && account.zip_code
    ? [
        {
          line1: account.address_line_1,
          city: account.city,
          state: account.state,
          zipCode: account.zip_code,
        },
      ]
    : [];

async function readBook(db: Kysely<Database>, account: SandboxAccount) {
  const row = await db
    .selectFrom("sso_provider_records")
    .select("payload")
    .where("model", "=", ADDRESS_BOOK)
    .where("id", "=", account.subject)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as IdentityAddress[]) : ownAddress(account);
}

export const addressesOf = (db: Kysely<Database>, account: SandboxAccount) => readBook(db, account);

const sameAddress = (a: IdentityAddress, b: IdentityAddress) =>
  a.line1.toLowerCase() === b.line1.toLowerCase() &&
  a.city.toLowerCase() === b.city.toLowerCase() &&
  a.state === b.state &&
  a.zipCode === b.zipCode;

/**
 * Adds an address to the account's book (one already there is not added twice). Answers the
 * book, or null when it is full.
 */
export async function addAddress(
  db: Kysely<Database>,
  account: SandboxAccount,
  address: IdentityAddress,
): Promise<IdentityAddress[] | null> {
  return writeTransaction(db, async (trx) => {
    const book = await readBook(trx, account);
    if (book.some((kept) => sameAddress(kept, address))) return book;
    if (book.length >= ADDRESS_BOOK_LIMIT) return null;
    const next = [...book, address];
    const payload = JSON.stringify(next);
    await trx
      .insertInto("sso_provider_records")
      .values({
        model: ADDRESS_BOOK,
        id: account.subject,
        payload,
        grant_id: null,
        uid: null,
        user_code: null,
        expires_at: null,
        consumed_at: null,
      })
      .onConflict((conflict) => conflict.columns(["model", "id"]).doUpdateSet({ payload }))
      .execute();
    return next;
  });
}

const addressClaim = (address: IdentityAddress) => ({
  street_address: address.line1,
  locality: address.city,
  region: address.state,
  postal_code: address.zipCode,
  country: "US",
});

/**
 * An associate's store claims, the store's id read by its name now (the demo's stores may be
 * loaded after the accounts were made); none for a shopper or a store that is not there.
 */
export async function storeClaimsOf(
  db: Kysely<Database>,
  account: SandboxAccount,
): Promise<Record<string, unknown>> {
  if (!account.associate_store) return {};
  const store = await db
    .selectFrom("stores")
    .select("id")
    .where("name", "=", account.associate_store)
    .orderBy("id")
    .executeTakeFirst();
  return store ? { [STORE_ROLE_CLAIM]: ASSOCIATE_ROLE, [STORE_ID_CLAIM]: String(store.id) } : {};
}

/**
 * The claims a signed-in account releases, by OpenID Connect's standard names: the first
 * address as `address`, the whole book as `addresses`.
 */
export function claimsOf(
  account: SandboxAccount,
  addresses: readonly IdentityAddress[] = ownAddress(account),
): Record<string, unknown> {
  return {
    sub: account.subject,
    email: account.email,
    email_verified: true,
    given_name: account.given_name,
    family_name: account.family_name,
    ...(account.phone ? { phone_number: account.phone } : {}),
    ...(account.card_number ? { [CARD_NUMBER_CLAIM]: account.card_number } : {}),
    ...(addresses[0] ? { address: addressClaim(addresses[0]) } : {}),
    ...(addresses.length ? { [ADDRESSES_CLAIM]: addresses.map(addressClaim) } : {}),
  };
}
