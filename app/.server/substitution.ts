/**
 * A cart item's substitution choice on the server (decision 029): the cart row's form (Best
 * match, Don't substitute, or on to 'Substitute with…'), and the page listing the similar
 * products to substitute with, which the cart's dialog shows too (its loader, by a fetcher).
 * Every post answers a 303 without scripts and data with them (ENHANCED_FIELD).
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { unitPrice } from "@core/rules/item-configuration";
import { formatMoney } from "@core/rules/money";
import {
  SUBSTITUTE_NOT_OFFERED,
  SUBSTITUTE_REQUIRED,
  SUBSTITUTIONS_OFF_REFUSAL,
} from "@core/rules/substitution";
import { formatUnit } from "@core/rules/units";
import { ApiError, type Order, type StorefrontApi } from "~/.server/api";
import { orderItem, orderParts } from "~/.server/order-parts";
import { readIntent } from "~/.server/form-intent";
import { redirectTo, type RequestArgs } from "~/.server/session";
import { cartItemView, productName } from "~/components/cart/view";
import { ENHANCED_FIELD, SAVE_ITEM_SUBSTITUTION, substitutePath } from "~/lib/substitution";

/** What a refused choice says: the rule's own words by the API's code. */
function refusal(error: unknown): string {
  if (!(error instanceof ApiError) || error.status !== 422) throw error;
  if (error.code === "substitutions_off") return SUBSTITUTIONS_OFF_REFUSAL;
  return SUBSTITUTE_NOT_OFFERED;
}

export type SubstitutionActionData =
  | { intent: typeof SAVE_ITEM_SUBSTITUTION; itemId: number; saved: true }
  | { intent: typeof SAVE_ITEM_SUBSTITUTION; itemId: number; error: string };

const backToCart = () => redirectTo("/cart", { status: 303 });

export const itemSubstitutionPost = z.object({
  intent: z.literal(SAVE_ITEM_SUBSTITUTION),
  itemId: z.string().default(""),
  substitution: z.string().default(""),
  [ENHANCED_FIELD]: z.string().optional(),
});

/**
 * The cart row's form: Best match or Don't substitute are saved; 'Substitute with…' leads to
 * the page that lists the products (the scripts open the dialog instead and never post it).
 */
export async function saveRowSubstitution(
  args: RequestArgs,
  api: StorefrontApi,
  order: Order,
  posted: z.infer<typeof itemSubstitutionPost>,
) {
  const item = orderItem(order, posted.itemId);
  if (!item) return backToCart();
  if (posted.substitution === "product")
    return redirectTo(substitutePath(item.id), { status: 303 });
  if (posted.substitution !== "best_match" && posted.substitution !== "none") return backToCart();
  return saveChoice(args, api, item.id, { substitution: posted.substitution }, posted);
}

async function saveChoice(
  args: RequestArgs,
  api: StorefrontApi,
  itemId: number,
  choice: Parameters<StorefrontApi["setItemSubstitution"]>[1],
  posted: { [ENHANCED_FIELD]?: string | undefined },
) {
  try {
    await api.setItemSubstitution(itemId, choice);
  } catch (error) {
    return data<SubstitutionActionData>(
      { intent: SAVE_ITEM_SUBSTITUTION, itemId, error: refusal(error) },
      { status: 422 },
    );
  }
  if (posted[ENHANCED_FIELD])
    return data<SubstitutionActionData>({ intent: SAVE_ITEM_SUBSTITUTION, itemId, saved: true });
  return backToCart();
}

export interface SubstituteCandidate {
  id: number;
  name: string;
  price: string;
}

/**
 * The page (and dialog) of 'Substitute with…': the item, whether the order allows substitutions,
 * and up to 5 similar products. An item not in the working order goes back to the cart.
 */
export async function substitutePageData(
  args: RequestArgs,
  api: StorefrontApi,
  order: Order,
  itemParam: string | undefined,
) {
  const found = orderItem(order, itemParam);
  if (!found) throw backToCart();
  const item = cartItemView(found, orderParts(order).department);
  const allowed = order.substitutions_allowed;
  const products = allowed ? await api.itemSubstitutes(item.id) : [];
  const candidates: SubstituteCandidate[] = products.map((p) => ({
    id: p.id,
    name: productName(p),
    price: `${formatMoney(unitPrice(p))} / ${formatUnit(p.unit_of_measure)}`,
  }));
  return {
    item: {
      id: item.id,
      name: item.name,
      substitution: item.substitution,
      substituteProductId: item.substituteProductId,
    },
    allowed,
    candidates,
  };
}

const substitutePost = z.object({
  substitute_product_id: z
    .string()
    .regex(/^\d{1,9}$/, SUBSTITUTE_REQUIRED)
    .transform(Number),
  [ENHANCED_FIELD]: z.string().optional(),
});

/** The page's (and dialog's) post: the product chosen, else the page again with the error. */
export async function saveSubstitute(
  args: RequestArgs,
  api: StorefrontApi,
  order: Order,
  itemParam: string | undefined,
  form: FormData,
) {
  const item = orderItem(order, itemParam);
  if (!item) return backToCart();
  const posted = readIntent(form, substitutePost);
  if (!posted)
    return data<SubstitutionActionData>(
      { intent: SAVE_ITEM_SUBSTITUTION, itemId: item.id, error: SUBSTITUTE_REQUIRED },
      { status: 422 },
    );
  return saveChoice(
    args,
    api,
    item.id,
    { substitution: "product", substitute_product_id: posted.substitute_product_id },
    posted,
  );
}
