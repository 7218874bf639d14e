/**
 * A large catalogue for measuring speed: tens of thousands of products in one department, with
 * prices, specials, brands and category links like the demo's. Deterministic for a given size.
 */
import type { Db } from "./connection";
import { analyze } from "./migrate";

const ADJECTIVES = [
  "Organic",
  "Fresh",
  "Classic",
  "Smoked",
  "Roasted",
  "Honey",
  "Spicy",
  "Low Sodium",
  "Family Size",
  "Artisan",
  "Whole Grain",
  "Sweet",
  "Crispy",
  "Creamy",
  "Wild",
  "Garden",
];
const NOUNS = [
  "Turkey Breast",
  "Cheddar",
  "Sourdough",
  "Apples",
  "Salmon Fillet",
  "Granola",
  "Tomatoes",
  "Yogurt",
  "Pasta Sauce",
  "Chicken Thighs",
  "Bagels",
  "Almonds",
  "Spinach",
  "Coffee Beans",
  "Tortilla Chips",
  "Orange Juice",
  "Mozzarella",
  "Black Beans",
  "Peanut Butter",
  "Rice",
];
const BRANDS = [
  "Harvest Farms",
  "Blue Ridge",
  "Meadow Gold",
  "Coastal Kitchen",
  "Old Mill",
  "Green Valley",
  "Sunrise",
  "Hudson Creamery",
  "Keystone",
  "Liberty Bakery",
  "Pine Barrens",
  "Cape Orchard",
];

/** Small deterministic generator so two runs build the same catalogue. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function generateLargeCatalog(
  db: Db,
  opts: { departmentId: number; products: number; batch?: number },
) {
  const k = db.kysely;
  const department = await k
    .selectFrom("departments")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .select(["departments.id", "stores.brand_id"])
    .where("departments.id", "=", opts.departmentId)
    .executeTakeFirstOrThrow();
  const categories = await k
    .selectFrom("categories")
    .select("id")
    .where("department_id", "=", department.id)
    .execute();
  // Generated products borrow the department's real pictures, so every image URL resolves.
  const pictures = (
    await k
      .selectFrom("product_images")
      .innerJoin(
        "department_products",
        "department_products.product_id",
        "product_images.product_id",
      )
      .select("product_images.image_url")
      .where("department_products.department_id", "=", department.id)
      .where("product_images.primary", "=", 1)
      .limit(200)
      .execute()
  ).map((r) => r.image_url);
  const random = prng(opts.products);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const batch = opts.batch ?? 500;
  const stamp = Date.now().toString(36);

  for (let start = 0; start < opts.products; start += batch) {
    const size = Math.min(batch, opts.products - start);
    await k.transaction().execute(async (trx) => {
      const products = await trx
        .insertInto("products")
        .values(
          Array.from({ length: size }, (_, i) => {
            const n = start + i;
            const name =
              `${pick(ADJECTIVES)} ${pick(NOUNS)} ${n % 7 === 0 ? "Value Pack" : ""}`.trim();
            return {
              brand_id: department.brand_id,
              sku: `GEN-${stamp}-${n}`,
              name,
              brand: pick(BRANDS),
              hide_brand: 0,
              description: null,
              variation_description: n % 3 === 0 ? "12 oz" : null,
              builder_base_image_url: null,
              unit_of_measure: n % 5 === 0 ? "pound" : "each",
              minimum_quantity: null,
              maximum_quantity: null,
              accepts_fractional_quantities: n % 5 === 0 ? 1 : 0,
              accepts_special_instructions: 0,
              accepts_customer_photo: 0,
              lead_time: 0,
              deliverable: 1,
              serving_size: null,
              detail_style: "default",
              call_to_action: null,
              calories: null,
              nutrition_serving_size: null,
              nutrition_facts: null,
              sodium_warning: 0,
            };
          }),
        )
        .returning("id")
        .execute();
      await trx
        .insertInto("department_products")
        .values(
          products.map(({ id }) => {
            const srp = 99 + Math.floor(random() * 2000);
            const onSale = random() < 0.15;
            return {
              department_id: department.id,
              product_id: id,
              srp_amount: srp,
              sale_srp_amount: onSale ? Math.max(49, srp - 50 - Math.floor(random() * 200)) : null,
              on_sale: onSale ? 1 : 0,
              discount_amount: null,
              remaining_quantity: null,
              sticky: 0,
              popularity: Math.floor(random() * 1000),
              active: 1,
            };
          }),
        )
        .execute();
      await trx
        .insertInto("product_images")
        .values(
          products.map(({ id }, i) => ({
            product_id: id,
            image_url: pictures[i % Math.max(1, pictures.length)] ?? "/media/brand/logo.svg",
            alt_text: null,
            primary: 1,
            weight: 0,
          })),
        )
        .execute();
      if (categories.length) {
        await trx
          .insertInto("category_products")
          .values(
            products.map(({ id }) => ({
              category_id: pick(categories).id,
              product_id: id,
              weight: 0,
            })),
          )
          .execute();
      }
    });
  }
  await analyze(db);
}
