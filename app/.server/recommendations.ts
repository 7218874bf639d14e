/**
 * The cart's recommended products (spec §2: the cart may open a recommended-products modal on
 * load) and their analytics (spec §7: a view and an add-to-cart event per product of a
 * collection). No event is ever sent while answering a GET: a page may be prefetched, loaded
 * again or never seen. The views are sent once per offer, when the dialog is shown: with
 * JavaScript the open dialog posts that it is on screen; without it, the shopper's first act in
 * the dialog (Close, or Add to Cart) says so. An add from the dialog sends its add-to-cart event.
 */
import { unitPrice } from "@core/rules/item-configuration";
import { isRetracted } from "@core/rules/order-status";
import { productPath } from "~/lib/listing";
import { defaultQuantity } from "@core/rules/quantity-options";
import type { RecommendationsView } from "~/components/cart/RecommendationsDialog";
import { ApiError, type Department, type Order, type StorefrontApi } from "./api";
import { addToCartProblem } from "./api/refusals";
import { storefrontConfig } from "./config";
import { describeError, logWarning } from "./log";
import { addFlashMessage, type StorefrontSession } from "./session";

type Event = "view" | "add-to-cart";

/** Analytics never hold up or break the shopper's request: failures are logged. */
async function sendEvents(
  api: StorefrontApi,
  collectionId: string,
  productIds: number[],
  event: Event,
): Promise<void> {
  if (!storefrontConfig().features.analytics) return;
  const results = await Promise.allSettled(
    productIds.map((id) => api.recordRecommendation(collectionId, id, event)),
  );
  for (const result of results) {
    if (result.status === "rejected")
      logWarning("Could not record a recommendation event", {
        collectionId,
        event,
        ...describeError(result.reason),
      });
  }
}

/**
 * The quantity a recommended product goes in the cart with from the dialog, or null when the
 * shopper has something to choose first (facets, a builder, a bundle) or none is on offer.
 */
async function addableQuantity(
  api: StorefrontApi,
  productId: number,
  departmentId: number,
): Promise<number | null> {
  const product = await api.getProduct(productId, departmentId);
  const choices =
    product.detail_style !== "default" ||
    (product.facets?.data.length ?? 0) > 0 ||
    Boolean(product.bundle?.data);
  return choices ? null : defaultQuantity(product);
}

/**
 * The recommendations to show with the cart, once per order (recorded in the session with what
 * was offered); null when already shown, when there are none, or when they could not be loaded,
 * and never on an order edited after placement: it was shopped and placed already, and the
 * shopper came back to change it, not to be sold more.
 */
export async function offerRecommendations(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
  department: Department,
): Promise<RecommendationsView | null> {
  if (isRetracted(order)) return null;
  if (session.get("recommendationsShown")?.orderId === order.id) return null;
  const offer = { orderId: order.id, collectionId: "", productIds: [] as number[], viewed: false };
  session.set("recommendationsShown", offer);
  try {
    const found = await api.getRecommendations(order.id);
    if (found.products.length === 0) return null;
    const quantities = await Promise.all(
      found.products.map((product) =>
        addableQuantity(api, product.id, department.id).catch(() => null),
      ),
    );
    session.set("recommendationsShown", {
      ...offer,
      collectionId: found.collection_id,
      productIds: found.products.map((product) => product.id),
    });
    return {
      title: found.title,
      collectionId: found.collection_id,
      products: found.products.map((product, index) => ({
        id: product.id,
        name: product.name,
        imageUrl: product.image_url,
        price: unitPrice(product),
        href: productPath(department.store_id, department.id, product.id),
        addable: quantities[index] !== null && quantities[index] !== undefined,
      })),
    };
  } catch (error) {
    logWarning("Could not load product recommendations", {
      orderId: order.id,
      ...describeError(error),
    });
    return null;
  }
}

/** The views still to send for this order's offer: none once sent, or for another order. */
function viewsDue(session: StorefrontSession, order: Order) {
  const shown = session.get("recommendationsShown");
  if (!shown || shown.orderId !== order.id || shown.viewed || shown.productIds.length === 0)
    return null;
  return shown;
}

/**
 * Without JavaScript: the dialog was on screen (its Close or Add to Cart says so), a view event
 * per offered product, the first time only.
 */
export async function recordRecommendationViews(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
): Promise<void> {
  const shown = viewsDue(session, order);
  if (!shown) return;
  session.set("recommendationsShown", { ...shown, viewed: true });
  await sendEvents(api, shown.collectionId, shown.productIds, "view");
}

/**
 * With JavaScript: the open dialog's own post that it is on screen. It leaves the session alone:
 * it runs beside whatever the shopper presses next (Delivery, Pick Up in Store), and each answer
 * carries the whole session cookie, so the later one to land would undo the other's change. The
 * page's own forms say the views were sent, so nothing sends them twice.
 */
export async function reportRecommendationViews(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
): Promise<void> {
  const shown = viewsDue(session, order);
  if (shown) await sendEvents(api, shown.collectionId, shown.productIds, "view");
}

/**
 * Add to Cart from the dialog: only a product that was offered for this order, with the quantity
 * its page would start at, marked as a recommendation; then its add-to-cart event. Answers where
 * the shopper goes next: the cart (with 'Item Added' or why it was refused), or the product's page
 * when it has choices to make there.
 */
export async function addRecommendedProduct(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
  department: Department,
  choice: { productId: number; collectionId: string; viewsReported: boolean },
): Promise<string> {
  const shown = session.get("recommendationsShown");
  const offered =
    shown?.orderId === order.id &&
    shown.collectionId === choice.collectionId &&
    shown.productIds.includes(choice.productId);
  if (!offered) return "/cart";
  const quantity = await addableQuantity(api, choice.productId, department.id);
  if (quantity === null) return productPath(department.store_id, department.id, choice.productId);
  try {
    await api.addItem(order.id, {
      product_id: choice.productId,
      quantity,
      preferences: [],
      notes: null,
      add_source: "recommendation",
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    addFlashMessage(session, {
      kind: "error",
      text: addToCartProblem(error.status, error.code, error.errors).message,
    });
    return "/cart";
  }
  // An add from the dialog means it was seen, even if nothing said so before (no JavaScript).
  if (!choice.viewsReported) await recordRecommendationViews(api, session, order);
  await sendEvents(api, choice.collectionId, [choice.productId], "add-to-cart");
  addFlashMessage(session, { kind: "success", text: "Item Added" });
  return "/cart";
}
