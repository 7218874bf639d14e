import { escapeUTF8 } from "entities";
import type { NutritionSchema } from "@core/contract/products";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, Row } from "../db/schema";

/** The nutrition facts a product row stores as JSON; unknown or bad JSON reads as none. */
interface NutritionFacts {
  servings?: number;
  serving_size?: string;
  calories?: number;
  total_fat_g?: number;
  saturated_fat_g?: number;
  sodium_mg?: number;
  total_carbohydrate_g?: number;
  sugars_g?: number;
  protein_g?: number;
}

function readFacts(text: string | null): NutritionFacts | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as NutritionFacts) : null;
  } catch {
    return null;
  }
}

/** New York City's rule: items above the daily sodium limit carry a warning. */
const SODIUM_WARNING_HEADER = "Sodium Warning";
const SODIUM_WARNING_FOOTER =
  "Warning: this item's sodium (salt) content is higher than the total daily recommended limit (2,300 mg). High sodium intake can increase blood pressure and risk of heart disease and stroke.";

export function nutritionOf(
  product: Row<"products">,
  showSodium: boolean,
): z.input<typeof NutritionSchema> {
  const facts = readFacts(product.nutrition_facts);
  const warn = showSodium && Boolean(product.sodium_warning);
  return {
    calories: product.calories,
    serving_size: product.nutrition_serving_size,
    url: facts ? `/nutrition-panels/${product.id}` : null,
    sodium_warning_header: warn ? SODIUM_WARNING_HEADER : null,
    sodium_warning_footer: warn ? SODIUM_WARNING_FOOTER : null,
  };
}

// Text and attribute values escaped by the kept `entities` package (&, <, >, " and ').
const escapeHtml = escapeUTF8;

/** The nutrition facts panel as an HTML fragment (a table), every value escaped. */
function renderNutritionPanel(name: string, facts: NutritionFacts): string {
  const rows: [string, number | undefined, string][] = [
    ["Total Fat", facts.total_fat_g, "g"],
    ["Saturated Fat", facts.saturated_fat_g, "g"],
    ["Sodium", facts.sodium_mg, "mg"],
    ["Total Carbohydrate", facts.total_carbohydrate_g, "g"],
    ["Total Sugars", facts.sugars_g, "g"],
    ["Protein", facts.protein_g, "g"],
  ];
  const body = rows
    .filter(([, value]) => typeof value === "number")
    .map(([label, value, unit]) => `<tr><th scope="row">${label}</th><td>${value}${unit}</td></tr>`)
    .join("");
  return [
    `<table class="nutrition-facts"><caption>Nutrition Facts: ${escapeHtml(name)}</caption>`,
    facts.servings !== undefined
      ? `<tr><th scope="row">Servings</th><td>${Number(facts.servings)}</td></tr>`
      : "",
    facts.serving_size
      ? `<tr><th scope="row">Serving size</th><td>${escapeHtml(String(facts.serving_size))}</td></tr>`
      : "",
    typeof facts.calories === "number"
      ? `<tr><th scope="row">Calories</th><td>${facts.calories}</td></tr>`
      : "",
    body,
    `</table>`,
  ].join("");
}

/** A product's nutrition panel as HTML, or null when the product or its facts are missing. */
export async function nutritionPanelOf(
  db: Kysely<Database>,
  productId: number,
): Promise<string | null> {
  const product = await db
    .selectFrom("products")
    .select(["name", "nutrition_facts"])
    .where("id", "=", productId)
    .executeTakeFirst();
  const facts = product && readFacts(product.nutrition_facts);
  return product && facts ? renderNutritionPanel(product.name, facts) : null;
}
