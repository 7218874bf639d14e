/** Compact builders for the product lists: a block of products shares defaults and a sku range. */
import type { DepartmentKind, NutritionFacts, ProductSeed } from "../types";

export type ProductRow = Partial<Omit<ProductSeed, "sku" | "kind">> & {
  name: string;
  price: number;
};
type Defaults = Partial<Omit<ProductSeed, "sku" | "kind" | "name" | "price">>;

/**
 * Products numbered from `firstSku` ("DL-1000", "DL-1001", …) in list order; appending to a block
 * never renumbers the products before it.
 */
export function block(
  kind: DepartmentKind,
  firstSku: string,
  defaults: Defaults,
  rows: ProductRow[],
): ProductSeed[] {
  const match = /^([A-Z]+)-(\d+)$/.exec(firstSku);
  if (!match) throw new Error(`bad sku ${firstSku}`);
  const [, prefix = "", digits = "0"] = match;
  const start = Number(digits);
  return rows.map((row, i) => {
    const merged = { ...defaults, ...row };
    const { brand, category, unit, art } = merged;
    if (!brand || !category || !unit || !art)
      throw new Error(`product "${row.name}" lacks brand, category, unit or art`);
    return {
      ...merged,
      brand,
      category,
      unit,
      art,
      sku: `${prefix}-${String(start + i).padStart(digits.length, "0")}`,
      kind,
    };
  });
}

/** Nutrition facts per serving. */
export function nf(
  servings: number,
  serving_size: string,
  calories: number,
  total_fat_g: number,
  saturated_fat_g: number,
  sodium_mg: number,
  total_carbohydrate_g: number,
  sugars_g: number,
  protein_g: number,
): NutritionFacts {
  return {
    servings,
    serving_size,
    calories,
    total_fat_g,
    saturated_fat_g,
    sodium_mg,
    total_carbohydrate_g,
    sugars_g,
    protein_g,
  };
}

/** A short HTML description: a paragraph and an optional bullet list. */
export function html(paragraph: string, bullets: string[] = []): string {
  const list = bullets.length ? `<ul>${bullets.map((b) => `<li>${b}</li>`).join("")}</ul>` : "";
  return `<p>${paragraph}</p>${list}`;
}

/** The store brand's own label. */
export const HOUSE = "Harvest Market";
