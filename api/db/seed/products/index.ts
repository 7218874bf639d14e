/** The brand's whole product master, with lookups by sku and by name. */
import type { ProductSeed } from "../types";
import { BAKERY_PRODUCTS } from "./bakery";
import { CATERING_PRODUCTS } from "./catering";
import { DELI_PRODUCTS } from "./deli";
import { FLORAL_PRODUCTS } from "./floral";
import { GROCERY_PRODUCTS } from "./grocery";
import { MEAT_PRODUCTS } from "./meat";
import { hash32 } from "../prng";

export { BUNDLES } from "./catering";

export const PRODUCTS: ProductSeed[] = [
  ...DELI_PRODUCTS,
  ...BAKERY_PRODUCTS,
  ...CATERING_PRODUCTS,
  ...FLORAL_PRODUCTS,
  ...GROCERY_PRODUCTS,
  ...MEAT_PRODUCTS,
];

function indexBy(key: (p: ProductSeed) => string): Map<string, ProductSeed> {
  const map = new Map<string, ProductSeed>();
  for (const p of PRODUCTS) {
    const k = key(p);
    // Other data refers to products by sku or name, so both must be unique.
    if (map.has(k)) throw new Error(`duplicate product ${k}`);
    map.set(k, p);
  }
  return map;
}

export const PRODUCT_BY_SKU = indexBy((p) => p.sku);
const PRODUCT_BY_NAME = indexBy((p) => p.name);

export function productNamed(name: string): ProductSeed {
  const p = PRODUCT_BY_NAME.get(name);
  if (!p) throw new Error(`no product named "${name}"`);
  return p;
}

/** How many pictures a product has: its own count, else 1–4 from a stable hash of the sku. */
export function imageCount(p: ProductSeed): number {
  return Math.min(5, Math.max(1, p.images ?? 1 + (hash32(p.sku) % 4)));
}

/** The price a shopper pays before club discounts: the sale price when on sale. */
export function shelfCents(p: ProductSeed): number {
  return p.sale !== undefined && p.sale > 0 ? p.sale : p.price;
}
