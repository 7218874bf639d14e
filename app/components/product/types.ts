/**
 * What the product page's loader hands its components: the product as sold in the department,
 * trimmed to what the page shows, with the description already sanitized.
 */
import type { ClubShelfPrice } from "@core/rules/club";
import type { FacetStep, ItemFormState } from "~/lib/item-form";
import type { QuantityRules } from "@core/rules/quantity-options";

export interface ChoiceView {
  id: number;
  value: string;
  description: string | null;
  default: boolean;
  srp_amount: number;
  calorie_modifier: number;
  thumbnail_image_url: string | null;
  /** Writing colour of a custom-message choice (a CSS colour; the API defaults it to magenta). */
  color: string;
}

export interface FacetView {
  id: number;
  name: string;
  description: string | null;
  required: boolean;
  /** 'free-response', 'custom-message', anything else is multi-choice. */
  type: string;
  choice_limit: number | null;
  weight: number;
  choices: ChoiceView[];
}

export interface ImageView {
  id: number;
  url: string;
  alt: string;
}

export interface ProductCardView {
  id: number;
  name: string;
  href: string;
  imageUrl: string | null;
  price: string;
}

export interface ProductView {
  id: number;
  name: string;
  /** Null when the product hides its brand. */
  brand: string | null;
  variationDescription: string | null;
  /** Sanitized: only p, ul, ol, li, strong, em, br, b, i. */
  descriptionHtml: string;
  unitOfMeasure: string;
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: boolean;
  servingSize: number | null;
  detailStyle: string;
  callToAction: string | null;
  favorite: boolean;
  acceptsSpecialInstructions: boolean;
  acceptsCustomerPhoto: boolean;
  accepts_fractional_quantities: boolean;
  minimum_quantity: number | null;
  maximum_quantity: number | null;
  remaining_quantity: number | null;
  calories: number | null;
  caloriesServingSize: string | null;
  /** Primary first. */
  images: ImageView[];
  facets: FacetView[];
  facet_triggers: { facet_id: number; choice_id: number }[];
  steps: FacetStep[];
}

export type NutritionView =
  | {
      status: "available";
      /** Calories and sodium are shown as the department chooses. */
      showCalories: boolean;
      servingSize: string | null;
      sodiumWarningHeader: string | null;
      sodiumWarningFooter: string | null;
      panel: { caption: string; rows: { label: string; value: string }[] } | null;
    }
  | { status: "unavailable" };

export interface BuilderView {
  baseImageUrl: string | null;
  /** Layer pictures by choice, in drawing order (the builder's groups and facets). */
  layers: { facet_id: number; choice_id: number; image_url: string }[];
}

export interface BundleView {
  name: string;
  members: ProductCardView[];
}

interface ItemEditing {
  itemId: number;
  imageUrl: string | null;
}

export interface ProductPageData {
  storeId: number;
  department: { id: number; name: string; href: string };
  product: ProductView;
  productHref: string;
  waitTime: string | null;
  nutrition: NutritionView | null;
  builder: BuilderView | null;
  bundle: BundleView | null;
  suggestions: ProductCardView[];
  editing: ItemEditing | null;
  /** The form as it starts: defaults, or the cart item being edited. */
  initial: ItemFormState;
  /** The shopper is signed in: the favorite star shows (spec §6: hidden to guests). */
  signedIn: boolean;
  /** One unit at the Price Plus Club price: for a signed-in member only, else null (spec §6). */
  club: ClubShelfPrice | null;
  /** The page follows an add without scripts: the confirmation shows (and the page lands on it). */
  justAdded: boolean;
  /** Opened from a catalog spread (`?from=`): its URL, for 'Back to the catalog'; else null. */
  catalogBack: string | null;
}

/** The configuration rules of the product: core/rules/product-rules.ts reads the view as is. */
export { productRules } from "@core/rules/product-rules";

/** The quantity rules of the product (quantity-options.ts), with `remaining` as given. */
export function quantityRules(product: ProductView): QuantityRules {
  return {
    unit_of_measure: product.unitOfMeasure,
    accepts_fractional_quantities: product.accepts_fractional_quantities,
    minimum_quantity: product.minimum_quantity,
    maximum_quantity: product.maximum_quantity,
    remaining_quantity: product.remaining_quantity,
  };
}
