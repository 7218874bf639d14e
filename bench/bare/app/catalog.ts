/**
 * The bare app's data, made once in memory: what the storefront's pages would show if data were
 * free. Sizes follow a demo department page (48 product cards, 12 categories).
 */
export interface BareProduct {
  id: number;
  name: string;
  brand: string;
  size: string;
  imageUrl: string;
  priceCents: number;
  saleCents: number | null;
  soldBy: "each" | "weight";
}

export interface BareCategory {
  id: number;
  name: string;
  imageUrl: string;
  count: number;
}

const WORDS = ["Fresh", "Organic", "Farm", "Golden", "Classic", "Harvest", "Hearty", "Country"];
const FOODS = ["Apples", "Bread", "Cheddar", "Turkey Breast", "Granola", "Salsa", "Yogurt", "Rice"];

/** The most cards a page of the floor shows (`/department?cards=`, sized to a page of ours). */
export const MAX_CARDS = 400;

const ALL_PRODUCTS: BareProduct[] = Array.from({ length: MAX_CARDS }, (_, i) => ({
  id: 1000 + i,
  name: `${WORDS[i % WORDS.length]} ${FOODS[(i * 3) % FOODS.length]} ${i + 1}`,
  brand: `${WORDS[(i + 2) % WORDS.length]} Co.`,
  size: `${(i % 5) + 1} lb`,
  imageUrl: `/media/products/${1000 + i}.webp`,
  priceCents: 199 + ((i * 137) % 1500),
  saleCents: i % 4 === 0 ? 149 + ((i * 97) % 900) : null,
  soldBy: i % 6 === 0 ? "weight" : "each",
}));

/** The department-size page's 48 products. */
export const PRODUCTS = ALL_PRODUCTS.slice(0, 48);

/** The first `count` products, as one array per count (made once, as PRODUCTS is). */
const firstProducts = new Map<number, BareProduct[]>();
export function productsUpTo(count: number): BareProduct[] {
  let products = firstProducts.get(count);
  if (!products) firstProducts.set(count, (products = ALL_PRODUCTS.slice(0, count)));
  return products;
}

export const CATEGORIES: BareCategory[] = Array.from({ length: 12 }, (_, i) => ({
  id: 200 + i,
  name: `${WORDS[i % WORDS.length]} ${FOODS[i % FOODS.length]}`,
  imageUrl: `/media/categories/${200 + i}.webp`,
  count: 10 + i * 3,
}));

export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
