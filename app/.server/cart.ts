/**
 * The cart's changes, one function per intent, shared by the two routes that make them: the
 * product page's Add to Cart / Update Cart, and the cart page's forms (recommendations, removing an
 * item, an item's substitution choice, the promo code, substitutions and the way on). Each answers what the route returns: a 303
 * to where the shopper goes next, or the form's error as data, so every form works as a plain post.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { isIncomplete, isRetracted } from "@core/rules/order-status";
import { quantityProblem } from "@core/rules/quantity-options";
import { PROMO_NOT_APPLIED } from "@core/rules/promotions";
import { ApiError, ApiUnavailableError, type Order, type StorefrontApi } from "~/.server/api";
import { addToCartProblem } from "~/.server/api/refusals";
import { storefrontConfig } from "~/.server/config";
import { orderItem, orderParts } from "~/.server/order-parts";
import { isAuthenticated } from "~/.server/shopper";
import { parseId } from "@core/rules/ids";
import { leaveDelivery } from "~/.server/delivery-info";
import { describeError, logError, logWarning } from "~/.server/log";
import { loadWorkingOrder, rememberOrder } from "~/.server/order-session";
import {
  addRecommendedProduct,
  offerRecommendations,
  recordRecommendationViews,
  reportRecommendationViews,
} from "~/.server/recommendations";
import {
  redirectTo,
  addFlashMessage,
  forgetOrder,
  type RequestArgs,
  type StorefrontSession,
} from "~/.server/session";
import {
  ADD_RECOMMENDED,
  RECOMMENDATIONS_CLOSED,
  VIEWS_REPORTED,
} from "~/components/cart/RecommendationsDialog";
import { ADDED_TO_CART_ID } from "~/components/product/AddedToCart";
import type { ProductActionData } from "~/components/product/ProductPage";
import {
  photoUploadProblem,
  type CheckedItem,
  type ItemFormProblem,
  type ItemFormState,
} from "~/lib/item-form";
import { itemFormResult } from "~/lib/item-form-schema";
import { promoCode } from "~/components/cart/promo-code-schema";
import { cartItemView, cartItemsView, totalsView } from "~/components/cart/view";
import { SET_QUANTITY } from "~/components/cart/CartItemRow";
import { deliveryAllowed } from "@core/rules/delivery-allowed";
import { guestCheckoutAllowed } from "~/lib/checkout-flow";
import { departmentPath } from "~/lib/listing";
import { RECOMMENDATIONS_VIEWED, SAVE_SUBSTITUTIONS } from "~/lib/quiet-posts";
import { priceDisclaimer } from "@core/rules/price-disclaimer";
import { SAVE_ITEM_SUBSTITUTION, STAY_ON_CART } from "~/lib/substitution";
import {
  itemSubstitutionPost,
  saveRowSubstitution,
  type SubstitutionActionData,
} from "~/.server/substitution";
import { isDelivery } from "~/.server/delivery-mode";

// --- The product page's item --------------------------------------------------------------------

/**
 * The product form's refusal: the page again, with the errors and every entry as sent, and the
 * result conform's form shows them from (the schema's own, or one made from an API refusal).
 */
export function itemProblem(
  problem: ItemFormProblem,
  state: ItemFormState,
  result: SubmissionResult<string[]> = itemFormResult(problem),
) {
  return data<ProductActionData>(
    { status: "invalid", message: problem.message, errors: problem.errors, state, result },
    { status: 422 },
  );
}

/**
 * Removes an item. The API cancels the order with its last item: then the cart is empty, the
 * shopper is no longer in an order, and the department stays remembered for 'Go shopping'.
 */
async function removeItem(
  args: RequestArgs,
  session: StorefrontSession,
  api: StorefrontApi,
  order: Order,
  itemId: number,
) {
  const after = await api.deleteItem(itemId);
  if (!isIncomplete(after) || after.item_count === 0) {
    await rememberShoppingDepartment(args, order);
    forgetOrder(session);
  }
}

/** Sends the photo; answers the problem to show when the API refuses it, else null. */
async function uploadPhoto(
  api: StorefrontApi,
  itemId: number,
  photo: File,
): Promise<ItemFormProblem | null> {
  try {
    await api.uploadItemImage(itemId, photo, photo.name || "photo");
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status !== 422)
      logWarning("Photo upload failed", { itemId, ...describeError(error) });
    return photoUploadProblem(error.status, error.errors);
  }
}

export interface ItemToSave {
  session: StorefrontSession;
  api: StorefrontApi;
  departmentId: number;
  productId: number;
  /** The product page, where the shopper lands after an add without scripts. */
  productHref: string;
  /** The cart item being edited (`?item=`), else a new item is added. */
  editedItemId: number | null;
  item: CheckedItem;
  photo: File | null;
  /** The form as sent, shown again if the API refuses it. */
  state: ItemFormState;
  /** The page's scripts sent the form: they show the 'Item Added' notice themselves. */
  enhanced: boolean;
}

/**
 * Add to Cart (spec §4: the order is created on the first add) or Update Cart. A refused photo
 * leaves nothing half-saved: an edited item stays as it was, a new one goes again.
 */
export async function saveItem(args: RequestArgs, save: ItemToSave) {
  const { api, session, state } = save;
  const input = { ...save.item, product_id: save.productId, add_source: "default" as const };
  try {
    if (save.editedItemId !== null) {
      // The photo first: if it is refused, the item stays as it was.
      if (save.photo) {
        const refused = await uploadPhoto(api, save.editedItemId, save.photo);
        if (refused) return itemProblem(refused, state);
      }
      await api.updateItem(save.editedItemId, input);
      return redirectTo("/cart", { status: 303 });
    }

    // Spec §4: the first add creates the order, here in the same call as the item.
    const working = await loadWorkingOrder(args);
    const added = working
      ? await api.addItem(working.id, input)
      : await api.addItemToNewOrder(save.departmentId, input);
    await rememberOrder(args, added.order_id);
    if (save.photo) {
      const refused = await uploadPhoto(api, added.id, save.photo);
      if (refused) {
        const removal = working
          ? removeItem(args, session, api, working, added.id)
          : // The order was made for this item alone: removing it cancels the order.
            api.deleteItem(added.id).then(() => forgetOrder(session));
        await removal.catch((error: unknown) => {
          logError("Could not remove an item whose photo was refused", {
            itemId: added.id,
            ...describeError(error),
          });
        });
        return itemProblem(refused, state);
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status !== 422)
      logWarning("Add to cart failed", { productId: save.productId, ...describeError(error) });
    return itemProblem(addToCartProblem(error.status, error.code, error.errors), state);
  }

  if (save.enhanced) return data<ProductActionData>({ status: "added", at: Date.now() });
  // The page comes back with the lasting confirmation, which opens with 'Item Added' (no flash
  // message beside it: two notices stacked), and the browser lands on it (#added).
  session.flash("addedProduct", save.productId);
  return redirectTo(`${save.productHref}#${ADDED_TO_CART_ID}`, {
    status: 303,
  });
}

// --- The cart page's forms ----------------------------------------------------------------------

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

/**
 * The cart page's forms by `intent`, each with the fields its function reads; the promo code is
 * the promo box's own schema, the one the browser checks before posting.
 */
const cartIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(RECOMMENDATIONS_VIEWED) }),
  z.object({ intent: z.literal(RECOMMENDATIONS_CLOSED) }),
  z.object({
    intent: z.literal(ADD_RECOMMENDED),
    productId: z.string().default(""),
    collectionId: z.string().default(""),
    /** Present when the page's script already sent the dialog's views. */
    [VIEWS_REPORTED]: checkbox,
  }),
  z.object({ intent: z.literal("delete-item"), itemId: z.string().default("") }),
  z.object({
    intent: z.literal(SET_QUANTITY),
    itemId: z.string().default(""),
    quantity: z.string().default(""),
  }),
  z.object({ intent: z.literal("apply-promo"), code: promoCode }),
  z.object({ intent: z.literal("remove-promo") }),
  z.object({ intent: z.literal(SAVE_SUBSTITUTIONS), substitutions_allowed: checkbox }),
  itemSubstitutionPost,
  z.object({
    intent: z.literal("continue"),
    substitutions_allowed: checkbox,
    next: z.string().default(""),
  }),
]);
type CartIntent = z.infer<typeof cartIntents>;
type Posted<Name extends CartIntent["intent"]> = Extract<CartIntent, { intent: Name }>;

/** The working order the cart's forms change, with what they change it through. */
export interface CartContext {
  args: RequestArgs;
  session: StorefrontSession;
  api: StorefrontApi;
  order: Order;
}

export type CartActionResult =
  | { intent: typeof RECOMMENDATIONS_VIEWED }
  | { intent: "apply-promo"; code: string; error: string }
  | { intent: typeof SAVE_SUBSTITUTIONS; saved: boolean }
  | SubstitutionActionData;

export const backToCart = () => redirectTo("/cart", { status: 303 });

/** With JavaScript: the open dialog says it is on screen (a fetcher; the page stays). */
async function markRecommendationsViewed({ api, session, order }: CartContext) {
  await reportRecommendationViews(api, session, order);
  return data<CartActionResult>({ intent: RECOMMENDATIONS_VIEWED });
}

/** Without JavaScript the dialog's Close is the sign it was seen. */
async function closeRecommendations({ api, session, order }: CartContext) {
  await recordRecommendationViews(api, session, order);
  return backToCart();
}

async function addRecommended(cart: CartContext, posted: Posted<typeof ADD_RECOMMENDED>) {
  const { department } = orderParts(cart.order);
  const productId = parseId(posted.productId);
  if (!department || productId === null) return backToCart();
  const next = await addRecommendedProduct(cart.api, cart.session, cart.order, department, {
    productId,
    collectionId: posted.collectionId,
    viewsReported: posted[VIEWS_REPORTED],
  });
  return redirectTo(next, { status: 303 });
}

async function deleteItem(cart: CartContext, posted: Posted<"delete-item">) {
  const item = orderItem(cart.order, posted.itemId);
  if (item) await removeItem(cart.args, cart.session, cart.api, cart.order, item.id);
  return backToCart();
}

/**
 * The row's − or +: the item again with the new quantity, its choices, notes and photo kept. A
 * quantity the product does not offer changes nothing; one the API refuses (more than remains)
 * comes back as the add's words ('That quantity is not available.') above the cart.
 */
async function setQuantity(cart: CartContext, posted: Posted<typeof SET_QUANTITY>) {
  const item = orderItem(cart.order, posted.itemId);
  const product = item?.product?.data;
  const quantity = Number(posted.quantity);
  if (!item || !product || quantityProblem(product, quantity) === "invalid") return backToCart();
  try {
    await cart.api.updateItem(item.id, {
      product_id: item.product_id,
      quantity,
      preferences: (item.preferences?.data ?? []).map(({ facet_id, choice_id, value }) => ({
        facet_id,
        choice_id,
        value,
      })),
      notes: item.notes,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status !== 422)
      logWarning("Quantity change failed", { itemId: item.id, ...describeError(error) });
    addFlashMessage(cart.session, {
      kind: "error",
      text: addToCartProblem(error.status, error.code, error.errors).message,
    });
  }
  return backToCart();
}

/** The first reason the API gave, else the spec's fallback (spec §8 promo). */
function promotionError(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    return error.errors.generic?.[0] ?? error.errors.code?.[0] ?? PROMO_NOT_APPLIED;
  }
  return PROMO_NOT_APPLIED;
}

const refusePromo = (code: string, error: string) =>
  data<CartActionResult>({ intent: "apply-promo", code, error }, { status: 400 });

async function applyPromo(cart: CartContext, posted: Posted<"apply-promo">) {
  const code = posted.code;
  const refuse = (error: string) => refusePromo(code, error);
  try {
    await cart.api.applyPromotion(cart.order.id, code);
  } catch (error) {
    if (error instanceof ApiError && error.status >= 500) throw error;
    return refuse(promotionError(error));
  }
  return backToCart();
}

async function removePromo(cart: CartContext) {
  await cart.api.removePromotion(cart.order.id);
  return backToCart();
}

/** With JavaScript the checkbox saves on change (a fetcher). */
async function saveSubstitutions(cart: CartContext, posted: Posted<typeof SAVE_SUBSTITUTIONS>) {
  await cart.api.updateOrder(cart.order.id, {
    substitutions_allowed: posted.substitutions_allowed,
  });
  return data<CartActionResult>({ intent: posted.intent, saved: posted.substitutions_allowed });
}

/**
 * Pick Up in Store or Delivery: substitutions as ticked, then the time (spec §4); without
 * scripts the box's Save keeps the shopper on the cart.
 */
async function continueToTime(cart: CartContext, posted: Posted<"continue">) {
  if (posted.substitutions_allowed !== cart.order.substitutions_allowed) {
    await cart.api.updateOrder(cart.order.id, {
      substitutions_allowed: posted.substitutions_allowed,
    });
  }
  // Without scripts the box's own Save: the cart again, each item's choice following it.
  if (posted.next === STAY_ON_CART) return backToCart();
  // Delivery mode is on while delivery info is kept (spec §4); pickup turns it off.
  if (posted.next === "delivery") {
    if (!cart.session.get("deliveryInfo")) cart.session.set("deliveryInfo", { delivery: 1 });
  } else {
    await leaveDelivery(cart.api, cart.session, cart.order);
  }
  return redirectTo("/fulfillment-time", { status: 303 });
}

/** The cart page's post read with its union of intents (conform's parse of the form). */
export const readCartPost = (form: FormData) =>
  parseWithZod(form, { schema: cartIntents, disableAutoCoercion: true });

/**
 * The cart page's post, by its intent; a promo code refused by its schema answers the box's
 * error, and any other unknown or malformed post goes back to the cart.
 */
export function changeCart(cart: CartContext, submission: ReturnType<typeof readCartPost>) {
  if (submission.status !== "success") {
    const { intent, code } = submission.payload;
    const error = submission.error?.code?.[0];
    if (intent === "apply-promo" && error)
      return refusePromo(typeof code === "string" ? code.trim() : "", error);
    return backToCart();
  }
  const posted = submission.value;
  switch (posted.intent) {
    case RECOMMENDATIONS_VIEWED:
      return markRecommendationsViewed(cart);
    case RECOMMENDATIONS_CLOSED:
      return closeRecommendations(cart);
    case ADD_RECOMMENDED:
      return addRecommended(cart, posted);
    case "delete-item":
      return deleteItem(cart, posted);
    case SET_QUANTITY:
      return setQuantity(cart, posted);
    case "apply-promo":
      return applyPromo(cart, posted);
    case "remove-promo":
      return removePromo(cart);
    case SAVE_SUBSTITUTIONS:
      return saveSubstitutions(cart, posted);
    case SAVE_ITEM_SUBSTITUTION:
      return saveRowSubstitution(cart.args, cart.api, cart.order, posted);
    case "continue":
      return continueToTime(cart, posted);
    default:
      return backToCart();
  }
}

// --- The cart page ------------------------------------------------------------------------------

export interface PriceChange {
  itemId: number;
  name: string;
  was: number;
  now: number;
}

/**
 * Spec §7 `PUT orders/{id}/refresh`, on every view of the cart: prices may have changed since the
 * items went in (a sale began or ended), and the cart shows the estimated total, so it is priced
 * again at today's prices; the shopper is told which prices changed. This GET writes, but
 * idempotently: pricing again at unchanged prices changes nothing, so a prefetch or a repeated
 * view is harmless. A failed refresh leaves the cart as it was.
 */
async function refreshPrices(
  api: StorefrontApi,
  order: Order,
): Promise<{ order: Order; priceChanges: PriceChange[] }> {
  const { department, items } = orderParts(order);
  try {
    const refreshed = await api.refreshOrder(order.id);
    const before = new Map(items.map((item) => [item.id, item.price]));
    const priceChanges = orderParts(refreshed).items.flatMap((item) => {
      const was = before.get(item.id);
      return was === undefined || was === item.price
        ? []
        : [{ itemId: item.id, name: cartItemView(item, department).name, was, now: item.price }];
    });
    // The refresh answers the department without its store; everything else is the new order.
    return { order: { ...refreshed, department: order.department }, priceChanges };
  } catch (error) {
    if (error instanceof ApiUnavailableError) throw error;
    logWarning("Could not refresh the order's prices", {
      orderId: order.id,
      ...describeError(error),
    });
    return { order, priceChanges: [] };
  }
}

/** The cart page: the working order priced again, or the empty cart's way back to shopping. */
export async function cartPageData(args: RequestArgs, working: Order | null) {
  const { session } = args.context.shopper;
  const api = args.context.api;
  const brand = await api.getBrand();
  const disclaimer = priceDisclaimer({
    circularWeekStart: brand.circular_week_start,
    bagFeeAmount: brand.bag_fee_amount,
  });

  const { department, items } = working ? orderParts(working) : { department: null, items: [] };
  if (!working || !department || items.length === 0) {
    // The empty cart still needs a department to send the shopper shopping in.
    const shopping = department
      ? { storeId: department.store_id, departmentId: department.id }
      : session.get("shoppingDepartment");
    if (!shopping) throw redirectTo("/");
    return {
      cart: null,
      shoppingHref: departmentPath(shopping.storeId, shopping.departmentId),
      disclaimer,
    };
  }

  const { order, priceChanges } = await refreshPrices(api, working);
  await rememberShoppingDepartment(args, order);
  const viewer = { signedIn: isAuthenticated(session) };
  const features = storefrontConfig().features;
  return {
    cart: {
      items: cartItemsView(order, viewer),
      totals: totalsView(order, viewer),
      substitutionsAllowed: order.substitutions_allowed,
      receivedAssistance: order.received_assistance,
      deliveryAllowed: deliveryAllowed(
        features.orderSystem,
        department,
        items.map((item) => item.product?.data),
      ),
      priceChanges,
      // Edited after placement: said first, since until placed again the store will not make it.
      openForChanges:
        isRetracted(order) && order.number !== null
          ? { number: order.number, delivery: isDelivery(order) }
          : null,
      // Said on the cart, before the time is chosen: this department takes no guest's order.
      signInRequiredBy:
        features.accounts && !viewer.signedIn && !guestCheckoutAllowed(department)
          ? department.name
          : null,
      recommendations: await offerRecommendations(api, session, order, department),
    },
    shoppingHref: departmentPath(department.store_id, department.id),
    disclaimer,
  };
}

/** Remembers the department the shopper shops in, for the empty cart's "Go shopping". */
async function rememberShoppingDepartment(args: RequestArgs, order: Order) {
  const { department } = orderParts(order);
  if (!department) return;
  const { session } = args.context.shopper;
  session.set("shoppingDepartment", { storeId: department.store_id, departmentId: department.id });
}
