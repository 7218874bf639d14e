import type { CreateTableBuilder, Kysely } from "kysely";
import type { DialectName } from "../connection";

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the raw schema */
type Table = CreateTableBuilder<string, any>;

/** Column helpers that differ between SQLite and PostgreSQL; everything else is shared text. */
export function columns(dialect: DialectName) {
  const pg = dialect === "postgres";
  return {
    id: (t: Table) =>
      pg
        ? t.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : t.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement()),
    instant: pg ? ("timestamptz" as const) : ("text" as const),
  };
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const { id, instant } = columns(dialect);
  const flag = (t: Table, name: string, dflt = 0) =>
    t.addColumn(name, "integer", (c) => c.notNull().defaultTo(dflt));
  const ref = (table: string) => `${table}.id`;

  await id(db.schema.createTable("brands"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("market_name", "text", (c) => c.notNull())
    .addColumn("logo_url", "text")
    .addColumn("phone", "text")
    .$call((t) => flag(t, "can_change_stores", 1))
    .addColumn("circular_week_start", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bag_fee_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("default_store_id", "integer")
    .addColumn("default_latitude", "double precision", (c) => c.notNull())
    .addColumn("default_longitude", "double precision", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    .addColumn("stores_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("stores"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("address_latitude", "double precision", (c) => c.notNull())
    .addColumn("address_longitude", "double precision", (c) => c.notNull())
    .addColumn("timezone", "text", (c) => c.notNull())
    .addColumn("customer_disclaimer", "text")
    .$call((t) => flag(t, "active", 1))
    .execute();
  await db.schema.createIndex("stores_brand_idx").on("stores").column("brand_id").execute();
  await db.schema.createIndex("stores_zip_idx").on("stores").column("zip_code").execute();

  await id(db.schema.createTable("users"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("sso_subject", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("phone", "text")
    .addColumn("uuid", "text", (c) => c.notNull().unique())
    .addColumn("card_number", "text")
    .addColumn("mi9_uuid", "text")
    .addColumn("mwg_uuid", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addUniqueConstraint("users_brand_subject_uq", ["brand_id", "sso_subject"])
    .execute();

  await id(db.schema.createTable("user_addresses"))
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("address_line_1", "text", (c) => c.notNull())
    .addColumn("address_line_2", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("api_keys"))
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("uuid", "text", (c) => c.notNull())
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("device_brand", "text")
    .addColumn("device_platform", "text")
    .addColumn("device_model", "text")
    .addColumn("device_version", "text")
    .addColumn("app_type", "text", (c) => c.notNull())
    .addColumn("app_version", "text")
    .addColumn("user_id", "integer", (c) => c.references(ref("users")).onDelete("set null"))
    .addColumn("home_store_id", "integer", (c) => c.references(ref("stores")).onDelete("set null"))
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("last_used_at", instant)
    .execute();
  await db.schema.createIndex("api_keys_uuid_idx").on("api_keys").column("uuid").execute();

  await id(db.schema.createTable("store_hours"))
    .addColumn("store_id", "integer", (c) =>
      c.notNull().references(ref("stores")).onDelete("cascade"),
    )
    .addColumn("day_of_week", "integer", (c) => c.notNull())
    .addColumn("opens_at", "text", (c) => c.notNull())
    .addColumn("closes_at", "text", (c) => c.notNull())
    .addUniqueConstraint("store_hours_day_uq", ["store_id", "day_of_week"])
    .execute();

  await id(db.schema.createTable("departments"))
    .addColumn("store_id", "integer", (c) =>
      c.notNull().references(ref("stores")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("list_style", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("image_url", "text")
    .addColumn("description", "text")
    .$call((t) => flag(t, "show_sodium_warnings"))
    .$call((t) => flag(t, "show_nutritional_info"))
    .$call((t) => flag(t, "payment_gateway_enabled"))
    .$call((t) => flag(t, "remote_orders_require_online_payment"))
    .$call((t) => flag(t, "remote_orders_require_authentication"))
    .$call((t) => flag(t, "delivery_enabled"))
    .addColumn("delivery_time", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_type", "text")
    .addColumn("store_delivery_customer_instructions", "text")
    .addColumn("delivery_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lead_time", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lead_time_min", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lead_time_max", "integer", (c) => c.notNull().defaultTo(43200))
    .addColumn("pickup_interval", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("order_sources_with_coupon_code", "text", (c) => c.notNull().defaultTo("[]"))
    .$call((t) => flag(t, "active", 1))
    .execute();
  await db.schema
    .createIndex("departments_store_idx")
    .on("departments")
    .column("store_id")
    .execute();

  await id(db.schema.createTable("pickup_locations"))
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address_1", "text", (c) => c.notNull())
    .addColumn("address_2", "text")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("pickup_locations_department_idx")
    .on("pickup_locations")
    .column("department_id")
    .execute();

  await id(db.schema.createTable("categories"))
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("parent_id", "integer", (c) => c.references(ref("categories")).onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("icon_image_url", "text")
    .addColumn("image_url", "text")
    .$call((t) => flag(t, "featured"))
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("categories_department_idx")
    .on("categories")
    .columns(["department_id", "parent_id"])
    .execute();

  await id(db.schema.createTable("products"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("brand", "text")
    .$call((t) => flag(t, "hide_brand"))
    .addColumn("description", "text")
    .addColumn("variation_description", "text")
    .addColumn("builder_base_image_url", "text")
    .addColumn("unit_of_measure", "text", (c) => c.notNull().defaultTo("each"))
    .addColumn("minimum_quantity", "double precision")
    .addColumn("maximum_quantity", "double precision")
    .$call((t) => flag(t, "accepts_fractional_quantities"))
    .$call((t) => flag(t, "accepts_special_instructions"))
    .$call((t) => flag(t, "accepts_customer_photo"))
    .addColumn("lead_time", "integer", (c) => c.notNull().defaultTo(0))
    .$call((t) => flag(t, "deliverable", 1))
    .addColumn("serving_size", "integer")
    .addColumn("detail_style", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("call_to_action", "text")
    .addColumn("calories", "integer")
    .addColumn("nutrition_serving_size", "text")
    .addColumn("nutrition_facts", "text")
    .$call((t) => flag(t, "sodium_warning"))
    .addUniqueConstraint("products_brand_sku_uq", ["brand_id", "sku"])
    .execute();

  await id(db.schema.createTable("product_images"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("alt_text", "text")
    .$call((t) => flag(t, "primary"))
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("product_images_product_idx")
    .on("product_images")
    .column("product_id")
    .execute();

  await id(db.schema.createTable("department_products"))
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("srp_amount", "integer", (c) => c.notNull())
    .addColumn("sale_srp_amount", "integer")
    .$call((t) => flag(t, "on_sale"))
    .addColumn("discount_amount", "integer")
    .addColumn("remaining_quantity", "double precision")
    .$call((t) => flag(t, "sticky"))
    .addColumn("popularity", "integer", (c) => c.notNull().defaultTo(0))
    .$call((t) => flag(t, "active", 1))
    .addUniqueConstraint("department_products_uq", ["department_id", "product_id"])
    .execute();
  await db.schema
    .createIndex("department_products_product_idx")
    .on("department_products")
    .column("product_id")
    .execute();

  await db.schema
    .createTable("category_products")
    .addColumn("category_id", "integer", (c) =>
      c.notNull().references(ref("categories")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("category_products_pk", ["category_id", "product_id"])
    .execute();
  await db.schema
    .createIndex("category_products_product_idx")
    .on("category_products")
    .column("product_id")
    .execute();

  await id(db.schema.createTable("facet_groups"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("facet_groups_product_idx")
    .on("facet_groups")
    .column("product_id")
    .execute();

  await id(db.schema.createTable("facets"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("facet_group_id", "integer", (c) =>
      c.references(ref("facet_groups")).onDelete("set null"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .$call((t) => flag(t, "required"))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("multi-choice"))
    .addColumn("choice_limit", "integer")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("image_url", "text")
    .execute();
  await db.schema.createIndex("facets_product_idx").on("facets").column("product_id").execute();

  await id(db.schema.createTable("choices"))
    .addColumn("facet_id", "integer", (c) =>
      c.notNull().references(ref("facets")).onDelete("cascade"),
    )
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .$call((t) => flag(t, "is_default"))
    .addColumn("srp_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("calorie_modifier", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("thumbnail_image_url", "text")
    .addColumn("full_image_url", "text")
    .addColumn("color", "text")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("choices_facet_idx").on("choices").column("facet_id").execute();

  await db.schema
    .createTable("facet_triggers")
    .addColumn("facet_id", "integer", (c) =>
      c.notNull().references(ref("facets")).onDelete("cascade"),
    )
    .addColumn("choice_id", "integer", (c) =>
      c.notNull().references(ref("choices")).onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("facet_triggers_pk", ["facet_id", "choice_id"])
    .execute();

  await id(db.schema.createTable("bundles"))
    .addColumn("product_id", "integer", (c) =>
      c.notNull().unique().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("bundle_members"))
    .addColumn("bundle_id", "integer", (c) =>
      c.notNull().references(ref("bundles")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("product_suggestions")
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("suggested_product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_suggestions_pk", ["product_id", "suggested_product_id"])
    .execute();

  await db.schema
    .createTable("favorites")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references(ref("users")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("created_at", instant, (c) => c.notNull())
    .addPrimaryKeyConstraint("favorites_pk", ["user_id", "product_id"])
    .execute();

  await id(db.schema.createTable("catalogs"))
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("cover_image_url", "text")
    .addColumn("image_url", "text")
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("catalogs_department_idx")
    .on("catalogs")
    .column("department_id")
    .execute();

  await id(db.schema.createTable("catalog_pages"))
    .addColumn("catalog_id", "integer", (c) =>
      c.notNull().references(ref("catalogs")).onDelete("cascade"),
    )
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addUniqueConstraint("catalog_pages_number_uq", ["catalog_id", "number"])
    .execute();

  await id(db.schema.createTable("hitboxes"))
    .addColumn("page_id", "integer", (c) =>
      c.notNull().references(ref("catalog_pages")).onDelete("cascade"),
    )
    .addColumn("top", "double precision", (c) => c.notNull())
    .addColumn("left", "double precision", (c) => c.notNull())
    .addColumn("width", "double precision", (c) => c.notNull())
    .addColumn("height", "double precision", (c) => c.notNull())
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "integer")
    .addColumn("target_number", "integer")
    .execute();
  await db.schema.createIndex("hitboxes_page_idx").on("hitboxes").column("page_id").execute();

  await id(db.schema.createTable("blackouts"))
    .addColumn("store_id", "integer", (c) =>
      c.notNull().references(ref("stores")).onDelete("cascade"),
    )
    .addColumn("department_id", "integer", (c) =>
      c.references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("from", instant, (c) => c.notNull())
    .addColumn("to", instant, (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .execute();
  await db.schema
    .createIndex("blackouts_store_idx")
    .on("blackouts")
    .columns(["store_id", "to"])
    .execute();

  await id(db.schema.createTable("promotions"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addColumn("minimum_subtotal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", instant)
    .addColumn("ends_at", instant)
    .addColumn("max_uses", "integer")
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0))
    .$call((t) => flag(t, "active", 1))
    .addUniqueConstraint("promotions_brand_code_uq", ["brand_id", "code"])
    .execute();

  await id(db.schema.createTable("alerts"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("store_id", "integer", (c) => c.references(ref("stores")).onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("image_url", "text")
    .addColumn("alt_text", "text")
    .addColumn("starts_at", instant)
    .addColumn("ends_at", instant)
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await id(db.schema.createTable("orders"))
    .addColumn("number", "text", (c) => c.unique())
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("api_key_id", "integer", (c) => c.notNull().references(ref("api_keys")))
    .addColumn("user_id", "integer", (c) => c.references(ref("users")))
    .addColumn("department_id", "integer", (c) => c.notNull().references(ref("departments")))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("incomplete"))
    .addColumn("source", "text", (c) => c.notNull().defaultTo("website"))
    .addColumn("pickup_at", instant)
    .addColumn("pickup_location_id", "integer", (c) => c.references(ref("pickup_locations")))
    .$call((t) => flag(t, "substitutions_allowed"))
    .addColumn("customer_first_name", "text")
    .addColumn("customer_last_name", "text")
    .addColumn("customer_email", "text")
    .addColumn("customer_phone", "text")
    .addColumn("notification_type", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("notes", "text")
    .$call((t) => flag(t, "received_assistance"))
    .addColumn("promotion_id", "integer", (c) => c.references(ref("promotions")))
    .addColumn("subtotal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("tip_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("placed_at", instant)
    .addColumn("cancelled_at", instant)
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_api_key_idx").on("orders").column("api_key_id").execute();
  await db.schema.createIndex("orders_user_idx").on("orders").column("user_id").execute();

  await id(db.schema.createTable("order_items"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references(ref("orders")).onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references(ref("products")))
    .addColumn("quantity", "double precision", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("subtotal", "integer", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("image_url", "text")
    .addColumn("add_source", "text", (c) => c.notNull().defaultTo("default"))
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_items_order_idx")
    .on("order_items")
    .column("order_id")
    .execute();

  await id(db.schema.createTable("item_preferences"))
    .addColumn("item_id", "integer", (c) =>
      c.notNull().references(ref("order_items")).onDelete("cascade"),
    )
    .addColumn("facet_id", "integer", (c) => c.notNull().references(ref("facets")))
    .addColumn("choice_id", "integer", (c) => c.references(ref("choices")))
    .addColumn("value", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("item_preferences_item_idx")
    .on("item_preferences")
    .column("item_id")
    .execute();

  await id(db.schema.createTable("order_deliveries"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().unique().references(ref("orders")).onDelete("cascade"),
    )
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("unit", "text")
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("dropoff_instructions", "text")
    .addColumn("tip_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_amount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("external_delivery_id", "text")
    .addColumn("quote_id", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("card_authorizations"))
    .addColumn("order_id", "integer", (c) =>
      c.notNull().references(ref("orders")).onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("gateway_reference", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("card_brand", "text")
    .addColumn("card_last_four", "text")
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("billing_address_id", "integer", (c) => c.references(ref("user_addresses")))
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("card_authorizations_order_idx")
    .on("card_authorizations")
    .column("order_id")
    .execute();

  await id(db.schema.createTable("coupons"))
    .addColumn("brand_id", "integer", (c) => c.notNull().references(ref("brands")))
    .addColumn("coupon_id", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("short_description", "text", (c) => c.notNull())
    .addColumn("requirement_description", "text")
    .addColumn("expiration_date", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull())
    .addUniqueConstraint("coupons_brand_coupon_uq", ["brand_id", "coupon_id"])
    .execute();

  await id(db.schema.createTable("coupon_clips"))
    .addColumn("coupon_id", "integer", (c) =>
      c.notNull().references(ref("coupons")).onDelete("cascade"),
    )
    .addColumn("card_number", "text", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.references(ref("orders")).onDelete("set null"))
    .addColumn("created_at", instant, (c) => c.notNull())
    .addUniqueConstraint("coupon_clips_card_uq", ["coupon_id", "card_number"])
    .execute();

  await id(db.schema.createTable("recommendation_events"))
    .addColumn("collection_id", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) =>
      c.notNull().references(ref("products")).onDelete("cascade"),
    )
    .addColumn("order_id", "integer", (c) => c.references(ref("orders")).onDelete("set null"))
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable("pseudo_departments"))
    .addColumn("store_id", "integer", (c) =>
      c.notNull().references(ref("stores")).onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("caption", "text")
    .addColumn("kiosk_image_url", "text")
    .addColumn("department_id", "integer", (c) =>
      c.notNull().references(ref("departments")).onDelete("cascade"),
    )
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    "pseudo_departments",
    "recommendation_events",
    "coupon_clips",
    "coupons",
    "card_authorizations",
    "order_deliveries",
    "item_preferences",
    "order_items",
    "orders",
    "alerts",
    "promotions",
    "blackouts",
    "hitboxes",
    "catalog_pages",
    "catalogs",
    "favorites",
    "product_suggestions",
    "bundle_members",
    "bundles",
    "facet_triggers",
    "choices",
    "facets",
    "facet_groups",
    "category_products",
    "department_products",
    "product_images",
    "products",
    "categories",
    "pickup_locations",
    "departments",
    "store_hours",
    "api_keys",
    "user_addresses",
    "users",
    "stores",
    "brands",
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
