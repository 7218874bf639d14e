import type { BrandSchema } from "@core/contract/brand";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Row } from "../db/schema";
import { bool } from "../db/values";
import { notFound } from "../http/errors";

export async function getBrand(db: Kysely<Database>, brandId: number): Promise<Row<"brands">> {
  const brand = await db
    .selectFrom("brands")
    .selectAll()
    .where("id", "=", brandId)
    .executeTakeFirst();
  if (!brand) throw notFound("brand");
  return brand;
}

export async function findBrandBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom("brands").selectAll().where("slug", "=", slug).executeTakeFirst();
}

export function serializeBrand(brand: Row<"brands">): z.input<typeof BrandSchema> {
  return {
    id: brand.id,
    slug: brand.slug,
    name: brand.name,
    market_name: brand.market_name,
    logo_url: brand.logo_url,
    phone: brand.phone,
    can_change_stores: bool(brand.can_change_stores),
    circular_week_start: brand.circular_week_start,
    bag_fee_amount: brand.bag_fee_amount,
    stores_count: brand.stores_count,
    default_store_id: brand.default_store_id,
    timezone: brand.timezone,
  };
}
