/**
 * The demo brand, "Harvest Market": fourteen north-east stores, six departments each, a product
 * master of about 470 items, catalogs, blackouts, promotions, alerts and coupons, and the demo
 * shopper with a club card and past orders (demo-shopper.ts).
 *
 * Everything is written in one transaction, with ids taken from the database (never chosen here),
 * so the same code serves SQLite and PostgreSQL and a failure leaves nothing half-written.
 */
import { analyze } from "../migrate";
import type { Db } from "../connection";
import type { NewRow } from "../schema";
import { ALERTS } from "./alerts";
import { insertAll, insertReturningIds, type Trx } from "./batch";
import { blackoutsForStore } from "./blackouts";
import { BRAND } from "./brand";
import { CATALOGS, catalogLayout, percentBox } from "./catalogs";
import { ALL_CATEGORIES } from "./categories";
import { COUPONS } from "./coupons";
import { DEPARTMENT_KINDS, departmentFor, pickupLocations, slotCapacitiesFor } from "./departments";
import { seedDemoShopper } from "./demo-shopper";
import { createRng } from "./prng";
import { BUNDLES, imageCount, PRODUCTS, productNamed } from "./products";
import { productAltText } from "./pictures/products";
import {
  alertImageUrl,
  builderImageUrl,
  catalogPageUrl,
  categoryIconUrl,
  categoryImageUrl,
  couponImageUrl,
  productImageUrl,
} from "./pictures/urls";
import { daysFrom, PROMOTIONS } from "./promotions";
import { PSEUDO_DEPARTMENTS, pseudoImageUrl } from "./pseudo-departments";
import { STORES } from "./stores";
import { SUGGESTIONS } from "./suggestions";
import { addDays, isoDate, localDateOf, weekday } from "./time";
import type { DepartmentKind, ProductSeed } from "./types";

export interface SeedOptions {
  /** The moment blackouts, alerts, promotions and catalog dates are placed around. */
  now?: Date;
}

const MAGENTA = "#ff00ff";
const flag = (value: boolean | undefined) => (value ? 1 : 0);

/** Size choices that each say how many they serve: the product has no one serving size to show. */
const servingsVaryBySize = (p: ProductSeed) =>
  p.facets?.some((facet) => facet.choices?.some((c) => /^Serves\b/.test(c.description ?? ""))) ??
  false;

/** Loads the whole demo brand. Fails (and writes nothing) if it is already there. */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  await db.kysely.transaction().execute((trx) => loadBrand(trx, now));
}

/** Seeds only when there is no brand yet; returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  if (await hasBrand(db)) return false;
  try {
    await seedDemo(db, options);
    await analyze(db);
    return true;
  } catch (error) {
    // Another process may have seeded between our check and our insert.
    if (await hasBrand(db)) return false;
    throw error;
  }
}

async function hasBrand(db: Db): Promise<boolean> {
  const row = await db.kysely.selectFrom("brands").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Row counts of the tables the seed fills, for the CLI and tests. */
export async function countSeeded(db: Db): Promise<Record<string, number>> {
  const tables = [
    "brands",
    "stores",
    "store_hours",
    "departments",
    "pseudo_departments",
    "pickup_locations",
    "categories",
    "products",
    "product_images",
    "department_products",
    "category_products",
    "facet_groups",
    "facets",
    "choices",
    "facet_triggers",
    "bundles",
    "bundle_members",
    "product_suggestions",
    "catalogs",
    "catalog_pages",
    "hitboxes",
    "blackouts",
    "promotions",
    "alerts",
    "coupons",
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function loadBrand(trx: Trx, now: Date): Promise<void> {
  const tz = BRAND.timezone;
  const [brandId] = await insertReturningIds(trx, "brands", [
    {
      ...BRAND,
      default_store_id: null,
      stores_count: STORES.length,
      created_at: now.toISOString(),
    },
  ]);
  if (brandId === undefined) throw new Error("brand insert returned no id");

  const storeIds = await insertStores(trx, brandId);
  await trx
    .updateTable("brands")
    .set({ default_store_id: storeIds[0] ?? null })
    .where("id", "=", brandId)
    .execute();

  const productIds = await insertProducts(trx, brandId);
  const productId = (p: ProductSeed) => productIds.get(p.sku) as number;
  await insertFacets(trx, productIds);
  await insertBundlesAndSuggestions(trx, productId);

  // Departments: one of each kind per store.
  const deptRows = storeIds.flatMap((storeId, i) =>
    DEPARTMENT_KINDS.map((kind) => ({ ...departmentFor(kind, i), store_id: storeId })),
  );
  const deptIdList = await insertReturningIds(trx, "departments", deptRows);
  const deptId = (storeIndex: number, kind: DepartmentKind) =>
    deptIdList[storeIndex * DEPARTMENT_KINDS.length + DEPARTMENT_KINDS.indexOf(kind)] as number;
  const departments = STORES.flatMap((store, i) =>
    DEPARTMENT_KINDS.map((kind) => ({ store, storeIndex: i, kind, id: deptId(i, kind) })),
  );

  await insertAll(
    trx,
    "pickup_locations",
    departments.flatMap((d) =>
      pickupLocations(d.kind, d.store).map((l) => ({ ...l, department_id: d.id })),
    ),
  );

  await insertAll(
    trx,
    "slot_capacities",
    departments.flatMap((d) =>
      slotCapacitiesFor(d.kind).map((rule) => ({ ...rule, department_id: d.id })),
    ),
  );

  const categoryIds = await insertCategories(trx, departments);
  await insertDepartmentProducts(trx, departments, productId, categoryIds);

  await insertAll(
    trx,
    "pseudo_departments",
    STORES.flatMap((_, i) =>
      PSEUDO_DEPARTMENTS.filter((p) => !p.stores || p.stores(i)).map((p) => {
        const department_id = deptId(i, p.kind);
        const target_id =
          p.target.type === "product"
            ? productId(productNamed(p.target.product))
            : (categoryIds.get(`${department_id}|${p.target.category}`) as number);
        return {
          store_id: storeIds[i] as number,
          name: p.name,
          caption: p.caption,
          kiosk_image_url: pseudoImageUrl(p.key),
          department_id,
          target_type: p.target.type,
          target_id,
          weight: p.weight,
        };
      }),
    ),
  );

  await insertCatalogs(trx, now, deptId, productId);

  await insertAll(
    trx,
    "blackouts",
    STORES.flatMap((_, i) =>
      blackoutsForStore(i, tz, now).map((b) => ({
        store_id: storeIds[i] as number,
        department_id: b.department ? deptId(i, b.department) : null,
        from: b.from,
        to: b.to,
        type: b.type,
        reason: b.reason,
      })),
    ),
  );

  await insertAll(
    trx,
    "promotions",
    PROMOTIONS.map((p) => ({
      brand_id: brandId,
      code: p.code.toUpperCase(),
      description: p.description,
      type: p.type,
      value: p.value,
      minimum_subtotal: p.minimum_subtotal ?? 0,
      starts_at: p.startsInDays === undefined ? null : daysFrom(now, p.startsInDays),
      ends_at: p.endsInDays === undefined ? null : daysFrom(now, p.endsInDays),
      max_uses: p.max_uses ?? null,
      uses: 0,
      active: 1,
      first_order_only: p.firstOrderOnly ? 1 : 0,
    })),
  );

  await insertAll(
    trx,
    "alerts",
    ALERTS.map((a) => ({
      brand_id: brandId,
      store_id: a.store === null ? null : (storeIds[a.store] as number),
      type: a.type,
      name: a.name,
      message: a.message ?? null,
      image_url: a.type === "image" ? alertImageUrl(a.key) : null,
      alt_text: a.altText ?? null,
      starts_at: daysFrom(now, a.startsInDays),
      ends_at: daysFrom(now, a.endsInDays),
      weight: a.weight,
    })),
  );

  const today = localDateOf(now, tz);
  await insertAll(
    trx,
    "coupons",
    COUPONS.map((c) => ({
      brand_id: brandId,
      coupon_id: c.coupon_id,
      image_url: couponImageUrl(c.key),
      brand_name: c.brand_name,
      short_description: c.short_description,
      requirement_description: c.requirement_description,
      expiration_date: isoDate(addDays(today, c.expiresInDays)),
      value: c.value,
    })),
  );

  await seedDemoShopper(trx, brandId, deptId, now);
}

async function insertStores(trx: Trx, brandId: number): Promise<number[]> {
  const ids = await insertReturningIds(
    trx,
    "stores",
    STORES.map((s) => ({
      brand_id: brandId,
      name: s.name,
      address: s.address,
      city: s.city,
      state: s.state,
      zip_code: s.zip,
      phone: s.phone,
      address_latitude: s.lat,
      address_longitude: s.lng,
      timezone: BRAND.timezone,
      customer_disclaimer: s.disclaimer ?? null,
      active: 1,
    })),
  );
  await insertAll(
    trx,
    "store_hours",
    STORES.flatMap((s, i) =>
      [0, 1, 2, 3, 4, 5, 6].map((day) => {
        const [opens_at, closes_at] = day === 0 ? s.hours.sunday : s.hours.weekday;
        return { store_id: ids[i] as number, day_of_week: day, opens_at, closes_at };
      }),
    ),
  );
  return ids;
}

/** Inserts the product master and its pictures; returns ids by sku. */
async function insertProducts(trx: Trx, brandId: number): Promise<Map<string, number>> {
  const rows: NewRow<"products">[] = PRODUCTS.map((p) => ({
    brand_id: brandId,
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    hide_brand: flag(p.hideBrand),
    description: p.description ?? null,
    variation_description: p.variation ?? null,
    builder_base_image_url: p.builder ? builderImageUrl(`${p.builder}-base`) : null,
    unit_of_measure: p.unit,
    minimum_quantity: p.min ?? null,
    maximum_quantity: p.max ?? null,
    accepts_fractional_quantities: flag(p.fractional),
    accepts_special_instructions: flag(p.instructions),
    accepts_customer_photo: flag(p.photo),
    lead_time: p.leadTime ?? 0,
    deliverable: p.deliverable === false ? 0 : 1,
    serving_size: servingsVaryBySize(p) ? null : (p.serves ?? null),
    detail_style: p.builder ? "builder" : "default",
    call_to_action: p.cta ?? null,
    calories: p.nutrition?.calories ?? null,
    nutrition_serving_size: p.nutrition?.serving_size ?? null,
    nutrition_facts: p.nutrition ? JSON.stringify(p.nutrition) : null,
    // New York's rule: a warning when one serving holds the whole day's 2,300 mg.
    sodium_warning: flag(
      p.sodiumWarning ?? (p.nutrition !== undefined && p.nutrition.sodium_mg >= 2300),
    ),
  }));
  const ids = await insertReturningIds(trx, "products", rows);
  const bySku = new Map(PRODUCTS.map((p, i) => [p.sku, ids[i] as number]));

  await insertAll(
    trx,
    "product_images",
    PRODUCTS.flatMap((p) =>
      Array.from({ length: imageCount(p) }, (_, k) => ({
        product_id: bySku.get(p.sku) as number,
        image_url: productImageUrl(p.sku, k + 1),
        alt_text: productAltText(p, k + 1),
        primary: k === 0 ? 1 : 0,
        weight: k,
      })),
    ),
  );
  return bySku;
}

/** Facet groups, facets, choices and triggers, keyed by product sku and facet name. */
async function insertFacets(trx: Trx, productIds: Map<string, number>): Promise<void> {
  const withFacets = PRODUCTS.filter((p) => p.facets?.length);

  const groupKeys: string[] = [];
  const groupRows = withFacets.flatMap((p) =>
    (p.groups ?? []).map((name, weight) => {
      groupKeys.push(`${p.sku}|${name}`);
      return { product_id: productIds.get(p.sku) as number, name, weight };
    }),
  );
  const groupIdList = await insertReturningIds(trx, "facet_groups", groupRows);
  const groupIds = new Map(groupKeys.map((k, i) => [k, groupIdList[i] as number]));

  const facetList = withFacets.flatMap((p) =>
    (p.facets ?? []).map((facet, weight) => ({ p, facet, weight })),
  );
  const facetIdList = await insertReturningIds(
    trx,
    "facets",
    facetList.map(({ p, facet, weight }) => {
      const groupId = facet.group ? groupIds.get(`${p.sku}|${facet.group}`) : undefined;
      if (facet.group && groupId === undefined)
        throw new Error(`${p.sku}: unknown facet group ${facet.group}`);
      return {
        product_id: productIds.get(p.sku) as number,
        facet_group_id: groupId ?? null,
        name: facet.name,
        description: facet.description ?? null,
        required: flag(facet.required),
        type: facet.type ?? "multi-choice",
        choice_limit: facet.type === "free-response" ? null : (facet.choiceLimit ?? 1),
        weight,
        image_url: null,
      };
    }),
  );
  const facetIds = new Map(
    facetList.map(({ p, facet }, i) => [`${p.sku}|${facet.name}`, facetIdList[i] as number]),
  );

  const choiceList = facetList.flatMap(({ p, facet }) =>
    (facet.choices ?? []).map((choice, weight) => ({
      key: `${p.sku}|${facet.name}|${choice.value}`,
      facet,
      choice,
      weight,
      facetId: facetIds.get(`${p.sku}|${facet.name}`) as number,
    })),
  );
  const choiceIdList = await insertReturningIds(
    trx,
    "choices",
    choiceList.map(({ facet, choice, weight, facetId }) => ({
      facet_id: facetId,
      value: choice.value,
      description: choice.description ?? null,
      is_default: flag(choice.default),
      srp_amount: choice.price ?? 0,
      calorie_modifier: choice.calories ?? 0,
      thumbnail_image_url: choice.thumb ?? null,
      full_image_url: choice.layer ?? null,
      // Message colours are hex; one without its own colour shows the default magenta.
      color: facet.type === "custom-message" ? (choice.color ?? MAGENTA) : (choice.color ?? null),
      weight,
    })),
  );
  const choiceIds = new Map(choiceList.map((c, i) => [c.key, choiceIdList[i] as number]));

  await insertAll(
    trx,
    "facet_triggers",
    facetList
      .filter(({ facet }) => facet.shownWhen)
      .map(({ p, facet }) => {
        const when = facet.shownWhen!;
        const choiceId = choiceIds.get(`${p.sku}|${when.facet}|${when.choice}`);
        if (choiceId === undefined)
          throw new Error(`${p.sku}: trigger choice ${when.facet}/${when.choice} not found`);
        return { facet_id: facetIds.get(`${p.sku}|${facet.name}`) as number, choice_id: choiceId };
      }),
  );
}

async function insertBundlesAndSuggestions(
  trx: Trx,
  productId: (p: ProductSeed) => number,
): Promise<void> {
  const bundleIds = await insertReturningIds(
    trx,
    "bundles",
    BUNDLES.map((b) => ({ product_id: productId(productNamed(b.product)), name: b.name })),
  );
  await insertAll(
    trx,
    "bundle_members",
    BUNDLES.flatMap((b, i) =>
      b.members.map((name, weight) => ({
        bundle_id: bundleIds[i] as number,
        product_id: productId(productNamed(name)),
        name,
        weight,
      })),
    ),
  );
  await insertAll(
    trx,
    "product_suggestions",
    SUGGESTIONS.flatMap(([name, suggested]) => {
      const product = productNamed(name);
      return suggested.map((other, weight) => {
        const s = productNamed(other);
        // A suggestion is priced in the shopper's department, so it must be sold there too.
        if (s.kind !== product.kind)
          throw new Error(`suggestion ${other} is not in ${product.kind} like ${name}`);
        return { product_id: productId(product), suggested_product_id: productId(s), weight };
      });
    }),
  );
}

interface SeededDepartment {
  storeIndex: number;
  kind: DepartmentKind;
  id: number;
}

/** Each department's own copy of its kind's tree; returns ids by `${departmentId}|${key}`. */
async function insertCategories(
  trx: Trx,
  departments: SeededDepartment[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const level of ["top", "child"] as const) {
    const entries = departments.flatMap((d) =>
      ALL_CATEGORIES.filter(
        (c) => c.kind === d.kind && (level === "top") === (c.parent === null),
      ).map((c, weight) => ({ d, c, weight })),
    );
    const rows = entries.map(({ d, c, weight }) => ({
      department_id: d.id,
      parent_id: c.parent === null ? null : (ids.get(`${d.id}|${c.parent}`) as number),
      name: c.category.name,
      icon_image_url: categoryIconUrl(c.category.key),
      image_url: categoryImageUrl(c.category.key),
      featured: flag(c.category.featured),
      weight: weight * 10,
    }));
    const newIds = await insertReturningIds(trx, "categories", rows);
    entries.forEach(({ d, c }, i) => ids.set(`${d.id}|${c.category.key}`, newIds[i] as number));
  }
  return ids;
}

/** Prices every product in every store's department of its kind, and files it in its categories. */
async function insertDepartmentProducts(
  trx: Trx,
  departments: SeededDepartment[],
  productId: (p: ProductSeed) => number,
  categoryIds: Map<string, number>,
): Promise<void> {
  const rng = createRng("harvest-market/department-products");
  const priced: NewRow<"department_products">[] = [];
  const filed: NewRow<"category_products">[] = [];
  for (const d of departments) {
    PRODUCTS.filter((p) => p.kind === d.kind).forEach((p, i) => {
      priced.push({
        department_id: d.id,
        product_id: productId(p),
        srp_amount: p.price,
        sale_srp_amount: p.sale ?? null,
        on_sale: flag(p.sale !== undefined),
        discount_amount: p.discount ?? null,
        remaining_quantity: p.limited ?? null,
        sticky: flag(p.sticky),
        // Popular items stay popular everywhere, with some store-to-store variety.
        popularity: Math.max(0, 1000 - i * 7 + rng.int(-150, 150) + (p.sticky ? 300 : 0)),
        active: 1,
      });
      for (const key of [p.category, p.alsoIn]) {
        if (!key) continue;
        const categoryId = categoryIds.get(`${d.id}|${key}`);
        if (categoryId === undefined)
          throw new Error(`${p.sku}: category ${key} is not in ${d.kind}`);
        filed.push({ category_id: categoryId, product_id: productId(p), weight: i });
      }
    });
  }
  await insertAll(trx, "department_products", priced);
  await insertAll(trx, "category_products", filed);
}

async function insertCatalogs(
  trx: Trx,
  now: Date,
  deptId: (storeIndex: number, kind: DepartmentKind) => number,
  productId: (p: ProductSeed) => number,
): Promise<void> {
  const today = localDateOf(now, BRAND.timezone);
  const weekStart = addDays(today, -((weekday(today) - BRAND.circular_week_start + 7) % 7));
  const layouts = new Map(CATALOGS.map((c) => [c.key, catalogLayout(c)]));

  // The weekly circular is seeded for this week and the next, as a grocer publishes next week's
  // ahead: a demo seeded on the week's last day still has a circular running after midnight.
  // Next week's rows come after every store's current ones, so this week's keep their ids.
  const thisWeek = STORES.flatMap((_, i) =>
    CATALOGS.map((catalog, weight) => ({ i, catalog, weight, weeksAhead: 0 })),
  );
  const nextWeek = thisWeek
    .filter(({ catalog }) => catalog.window === "circular-week")
    .map((entry) => ({ ...entry, weeksAhead: 1 }));
  const entries = [...thisWeek, ...nextWeek];
  const catalogIds = await insertReturningIds(
    trx,
    "catalogs",
    entries.map(({ i, catalog, weight, weeksAhead }) => {
      const [from, to] =
        catalog.window === "circular-week"
          ? [addDays(weekStart, 7 * weeksAhead), addDays(weekStart, 7 * weeksAhead + 6)]
          : [addDays(today, catalog.window.fromDays), addDays(today, catalog.window.toDays)];
      return {
        department_id: deptId(i, catalog.kind),
        name: catalog.name,
        cover_image_url: catalogPageUrl(catalog.key, 1),
        image_url: catalogPageUrl(catalog.key, 1),
        starts_on: isoDate(from),
        ends_on: isoDate(to),
        weight,
      };
    }),
  );

  const pages = entries.flatMap(({ catalog }, k) =>
    (layouts.get(catalog.key) ?? []).map((layout) => ({
      catalogId: catalogIds[k] as number,
      catalog,
      layout,
    })),
  );
  const pageIds = await insertReturningIds(
    trx,
    "catalog_pages",
    pages.map(({ catalogId, catalog, layout }) => ({
      catalog_id: catalogId,
      number: layout.number,
      image_url: catalogPageUrl(catalog.key, layout.number),
    })),
  );
  await insertAll(
    trx,
    "hitboxes",
    pages.flatMap(({ layout }, k) => [
      ...layout.tiles.map((t) => ({
        page_id: pageIds[k] as number,
        ...percentBox(t.box),
        target_type: "product",
        target_id: productId(t.product),
        target_number: null,
      })),
      ...layout.links.map((link) => ({
        page_id: pageIds[k] as number,
        ...percentBox(link.box),
        target_type: "page",
        target_id: null,
        target_number: link.toPage,
      })),
    ]),
  );
}
