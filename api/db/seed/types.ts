/**
 * Shapes of the demo seed's static data. The data modules describe the brand in these terms;
 * index.ts turns them into rows, and the picture renderer reads the same data to draw images.
 */
import type { Glyph } from "./pictures/glyphs";

export type DepartmentKind = "deli" | "bakery" | "catering" | "floral" | "grocery" | "meat";
type Unit = "pound" | "dry ounce" | "each" | "rib";
type FacetType = "multi-choice" | "free-response" | "custom-message";

export interface ChoiceSeed {
  value: string;
  description?: string;
  default?: boolean;
  /** Cents added per unit. */
  price?: number;
  calories?: number;
  /** Builder picture names (see pictures/urls.ts). */
  thumb?: string;
  layer?: string;
  /** Icing colour (hex) for custom-message choices. */
  color?: string;
}

export interface FacetSeed {
  name: string;
  type?: FacetType;
  description?: string;
  required?: boolean;
  choiceLimit?: number;
  /** Name of one of the product's facet groups. */
  group?: string;
  choices?: ChoiceSeed[];
  /** Shown only when this choice (of another facet of the same product) is selected. */
  shownWhen?: { facet: string; choice: string };
}

export interface NutritionFacts {
  servings: number;
  serving_size: string;
  calories: number;
  total_fat_g: number;
  saturated_fat_g: number;
  sodium_mg: number;
  total_carbohydrate_g: number;
  sugars_g: number;
  protein_g: number;
}

/** One product of the brand master, with its price in every store's department of its kind. */
export interface ProductSeed {
  sku: string;
  kind: DepartmentKind;
  name: string;
  brand: string;
  hideBrand?: boolean;
  /** Category key (see categories.ts); alsoIn lists a second category. */
  category: string;
  alsoIn?: string;
  unit: Unit;
  /** Cents per unit. */
  price: number;
  sale?: number;
  /** Price Plus Club discount, cents. */
  discount?: number;
  /** Remaining quantity when stock is limited. */
  limited?: number;
  sticky?: boolean;
  variation?: string;
  description?: string;
  min?: number;
  max?: number;
  fractional?: boolean;
  instructions?: boolean;
  photo?: boolean;
  /** Minutes. */
  leadTime?: number;
  deliverable?: boolean;
  serves?: number;
  /** Builder products: the cake shape whose base and layers the builder stacks. */
  builder?: "round" | "sheet";
  cta?: string;
  nutrition?: NutritionFacts;
  sodiumWarning?: boolean;
  groups?: string[];
  facets?: FacetSeed[];
  /** Picture: the glyph drawn and an optional colour for it. */
  art: Glyph;
  tint?: string;
  /** How many pictures (1–5); when absent a stable hash of the sku decides. */
  images?: number;
}

/** A category tree node; `key` is unique across the brand and names its pictures. */
export interface CategorySeed {
  key: string;
  name: string;
  art: Glyph;
  featured?: boolean;
  children?: CategorySeed[];
}
