/**
 * The cart's view of an order: only what the pages show, so loaders send little to the browser.
 * Pure functions of the API's order.
 */
import type { Order, OrderItem } from "~/.server/api";
import { formatMoney } from "@core/rules/money";
import { quantityOptions, sameQuantity } from "@core/rules/quantity-options";
import { formatQuantity, formatQuantityWithUnit } from "@core/rules/units";
import { substitutionText, type SubstitutionChoice } from "@core/rules/substitution";
import { productPath } from "~/lib/listing";
import type { TotalsView } from "./OrderTotals";
import {
  pickedItemChange,
  type PickedItemChange,
} from "~/components/order-changes/picked-item-change";

interface PreferenceView {
  id: number;
  label: string;
  /** Cents per unit; 0 shows no adjustment. */
  price: number;
}

export interface CartItemView {
  id: number;
  name: string;
  productHref: string | null;
  editHref: string | null;
  imageUrl: string | null;
  imageAlt: string;
  /** 'quantity with unit @ unit price', e.g. '1 1/2 lbs @ $3.99'. */
  quantityText: string;
  subtotal: number;
  /** The quantity stepper: the quantity as a number ('1 1/2'), and the next smaller and larger
   * quantities the product offers (its minimum, maximum and stock); null where there is none. */
  quantity: { text: string; fewer: number | null; more: number | null };
  preferences: PreferenceView[];
  notes: string | null;
  photoUrl: string | null;
  /** The item's Price Plus Club discount in cents, as the API priced it; 0 shows no line. */
  clubDiscount: number;
  /** What the store does if it is unavailable, as in force on the order (decision 029). */
  substitution: SubstitutionChoice;
  substituteProductId: number | null;
  /** 'Best match', "Don't substitute" or 'Substitute with {name}'. */
  substitutionText: string;
  /** The store has picked it (as ordered, weighed, substituted or unavailable): its 'If
   * unavailable:' choice is settled and no longer shown. */
  picked: boolean;
  /** What the store did with it once picked (issue 30); null before, or when picked as ordered. */
  storeChange: PickedItemChange | null;
  /** The line's amount as picked, cents; null until picked. */
  finalSubtotal: number | null;
}

/**
 * Whose order it is, as far as the views care: Price Plus Club lines are for signed-in shoppers
 * (spec §2 cart row, §6); the amounts are always the API's (0 without a club card).
 */
export interface OrderViewer {
  signedIn: boolean;
}

const clubAmount = (cents: number, viewer: OrderViewer) =>
  viewer.signedIn && cents > 0 ? cents : 0;

function primaryImage(item: OrderItem): { url: string | null; alt: string | null } {
  const product = item.product?.data;
  const images = product?.images?.data ?? [];
  const image = images.find((i) => i.primary) ?? images[0];
  return { url: image?.image_url ?? product?.image_url ?? null, alt: image?.alt_text ?? null };
}

/** A product as item lines name it: with its brand unless the brand is hidden. */
export const productName = (product: {
  name: string;
  brand: string | null;
  hide_brand: boolean;
}) => (product.brand && !product.hide_brand ? `${product.brand} ${product.name}` : product.name);

/** The quantities either side of the item's, among those the product offers (core rules). */
function quantitySteps(item: OrderItem): CartItemView["quantity"] {
  const product = item.product?.data;
  const text = formatQuantity(item.quantity);
  if (!product) return { text, fewer: null, more: null };
  const options = quantityOptions(product);
  const fewer = options.filter((q) => q < item.quantity && !sameQuantity(q, item.quantity));
  const more = options.find((q) => q > item.quantity && !sameQuantity(q, item.quantity));
  return { text, fewer: fewer.at(-1) ?? null, more: more ?? null };
}

type Preference = NonNullable<OrderItem["preferences"]>["data"][number];

/**
 * A preference as an item line says it, named by its facet: 'Cake Flavor: Chocolate', 'Photo
 * Placement: Center'; a written one with its text ('Name on Cake: Emma'), and in the chosen
 * writing colour ('Message on Cake: “Happy Birthday” in Royal Blue').
 */
function preferenceLabel(p: Preference): string {
  // A facet without choices stores its own name as the preference's.
  if (p.choice_id === null) return p.value ? `${p.name}: ${p.value}` : p.name;
  if (p.value) return `${p.facet_name ?? p.name}: “${p.value}” in ${p.name}`;
  return p.facet_name ? `${p.facet_name}: ${p.name}` : p.name;
}

export function cartItemView(
  item: OrderItem,
  department: { id: number; store_id: number } | null,
  viewer: OrderViewer = { signedIn: false },
): CartItemView {
  const product = item.product?.data ?? null;
  const name = product ? productName(product) : "Item no longer available";
  const href =
    product && department ? productPath(department.store_id, department.id, product.id) : null;
  const image = primaryImage(item);
  return {
    id: item.id,
    name,
    productHref: href,
    editHref: href ? `${href}?item=${item.id}` : null,
    imageUrl: image.url,
    // The name is next to the picture: a decorative alt text would say it twice.
    imageAlt: image.alt ?? "",
    quantityText: `${formatQuantityWithUnit(item.quantity, product?.unit_of_measure ?? "each")} @ ${formatMoney(item.price)}`,
    subtotal: item.subtotal,
    quantity: quantitySteps(item),
    preferences: (item.preferences?.data ?? []).map((p) => ({
      id: p.id,
      label: preferenceLabel(p),
      price: p.price,
    })),
    notes: item.notes?.trim() || null,
    photoUrl: item.image_url,
    clubDiscount: clubAmount(item.club_discount_amount, viewer),
    substitution: item.substitution,
    substituteProductId: item.substitute_product_id,
    substitutionText: substitutionText(item.substitution, item.substitute_product_name),
    picked: item.pick_status != null,
    storeChange: pickedItemChange(item, name, product?.unit_of_measure ?? "each"),
    finalSubtotal: item.final_subtotal ?? null,
  };
}

/** The order's items as the cart shows them, with links into the order's department. */
export function cartItemsView(order: Order, viewer: OrderViewer): CartItemView[] {
  const department = order.department?.data ?? null;
  return (order.items?.data ?? []).map((item) => cartItemView(item, department, viewer));
}

export function totalsView(order: Order, viewer: OrderViewer): TotalsView {
  const promotion = order.promotion?.data ?? null;
  return {
    subtotal: order.subtotal,
    discount: order.discount,
    clubSavings: clubAmount(order.club_savings, viewer),
    deliveryAmount: order.delivery_amount,
    tipAmount: order.tip_amount,
    total: order.total,
    promotion: promotion ? { code: promotion.code, description: promotion.description } : null,
  };
}
