import type { CreateTableBuilder, Kysely } from "kysely";
import type { DialectName } from "../connection";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations work on the untyped schema */
type Table = CreateTableBuilder<string, any>;

/**
 * Single sign-on (decision 016):
 * - `sso_sign_ins`: one row per started sign-in, the PKCE verifier and nonce the API keeps for the
 *   device that asked, found again by its `state`, used once and short-lived;
 * - `sso_provider_records`: the sandbox identity provider's own storage (interactions, sessions,
 *   codes, grants, its keys), so that any worker process can carry on a sign-in another began;
 * - `sandbox_sso_accounts`: the sandbox provider's accounts (never the shop's `users`, which only
 *   mirror what a provider says about a person).
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const pg = dialect === "postgres";
  const instant = pg ? "timestamptz" : "text";
  const id = (t: Table) =>
    pg
      ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
      : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable("sso_sign_ins"))
    .addColumn("state", "text", (c) => c.notNull().unique())
    .addColumn("api_key_id", "integer", (c) =>
      c.notNull().references("api_keys.id").onDelete("cascade"),
    )
    .addColumn("code_verifier", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("redirect_uri", "text", (c) => c.notNull())
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("expires_at", instant, (c) => c.notNull())
    .addColumn("used_at", instant)
    .execute();
  await db.schema
    .createIndex("sso_sign_ins_expires_idx")
    .on("sso_sign_ins")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("sso_provider_records")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("uid", "text")
    .addColumn("user_code", "text")
    .addColumn("expires_at", instant)
    .addColumn("consumed_at", "integer")
    .addPrimaryKeyConstraint("sso_provider_records_pk", ["model", "id"])
    .execute();
  for (const column of ["grant_id", "uid", "expires_at"]) {
    await db.schema
      .createIndex(`sso_provider_records_${column}_idx`)
      .on("sso_provider_records")
      .column(column)
      .execute();
  }

  await id(db.schema.createTable("sandbox_sso_accounts"))
    .addColumn("subject", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("given_name", "text", (c) => c.notNull())
    .addColumn("family_name", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("card_number", "text")
    .addColumn("address_line_1", "text")
    .addColumn("city", "text")
    .addColumn("state", "text")
    .addColumn("zip_code", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
}
