/**
 * /cart (spec §2): the items, the estimated total, the promo code box, the substitutions choice,
 * the way on (Pick Up in Store, Delivery where allowed) and the price disclaimer. One action
 * handles every cart form by its `intent`; each answers with a 303 back to the cart (or onward),
 * or with the form's error, so every form works as a plain post.
 */
import { isIncomplete } from "@core/rules/order-status";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { type ChangeEvent, useEffect, useRef } from "react";
import { ApiError, ApiUnavailableError, type Order, type StorefrontApi } from "~/.server/api";
import { departmentPath, orderParts, rememberShoppingDepartment } from "~/.server/checkout";
import { storefrontConfig } from "~/.server/config";
import { requireCsrf } from "~/.server/csrf";
import { describeError, logWarning } from "~/.server/log";
import { privatePageHeaders } from "~/.server/private-page";
import { guardRoute } from "~/.server/route-guard";
import { isQuietPost, RECOMMENDATIONS_VIEWED, SAVE_SUBSTITUTIONS } from "~/lib/quiet-posts";
import {
  addRecommendedProduct,
  offerRecommendations,
  recordRecommendationViews,
} from "~/.server/recommendations";
import { withRouteErrors } from "~/.server/route-errors";
import { forgetOrder, getShopperState, redirectWithCookies } from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CartItemRow, DeleteItemDialog } from "~/components/cart/CartItemRow";
import { OrderTotals } from "~/components/cart/OrderTotals";
import { PromoCodeForm } from "~/components/cart/PromoCodeForm";
import {
  RecommendationsDialog,
  RECOMMENDATIONS_CLOSED,
  ADD_RECOMMENDED,
} from "~/components/cart/RecommendationsDialog";
import { cartItemView, cartItemsView, totalsView } from "~/components/cart/view";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import { CsrfInput } from "~/components/CsrfInput";
import { useShellData } from "~/components/useShellData";
import { deliveryAllowed } from "~/lib/checkout-flow";
import { CSRF_FIELD } from "~/lib/csrf";
import { formatMoney } from "@core/rules/money";
import { priceDisclaimer } from "@core/rules/price-disclaimer";
import { PROMO_CODE_REQUIRED, PROMO_NOT_APPLIED } from "@core/rules/promotions";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Cart");

/** No flag: the cart shows an empty cart without an order; a submitted order is let go. */
export const routeMeta = {} as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Cart", to: "/cart" }),
};

interface PriceChange {
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

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order: working } = await guardRoute(args, routeMeta);
  const { session } = await getShopperState(args);
  const api = await requireApi(args);
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
    if (!shopping) throw await redirectWithCookies(args.context, "/");
    return {
      cart: null,
      shoppingHref: departmentPath(shopping.storeId, shopping.departmentId),
      disclaimer,
    };
  }

  const { order, priceChanges } = await refreshPrices(api, working);
  await rememberShoppingDepartment(args, order);
  const features = storefrontConfig().features;
  return {
    cart: {
      items: cartItemsView(order),
      totals: totalsView(order),
      substitutionsAllowed: order.substitutions_allowed,
      receivedAssistance: order.received_assistance,
      deliveryAllowed: deliveryAllowed(
        features.orderSystem,
        department,
        items.map((item) => item.product?.data),
      ),
      priceChanges,
      recommendations: await offerRecommendations(api, session, order, department),
    },
    shoppingHref: departmentPath(department.store_id, department.id),
    disclaimer,
  };
});

type ActionResult =
  | { intent: typeof RECOMMENDATIONS_VIEWED }
  | { intent: "apply-promo"; code: string; error: string }
  | { intent: typeof SAVE_SUBSTITUTIONS; saved: boolean };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The first reason the API gave, else the spec's fallback (spec §8 promo). */
function promotionError(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) {
    return error.errors.generic?.[0] ?? error.errors.code?.[0] ?? PROMO_NOT_APPLIED;
  }
  return PROMO_NOT_APPLIED;
}

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = await getShopperState(args);
  await requireCsrf(args.request, session);
  const form = await args.request.formData();
  const intent = text(form, "intent");

  const { order } = await guardRoute(args, routeMeta);
  // The order went away meanwhile (placed in another tab, or lost): the cart says so.
  if (!order) return redirectWithCookies(args.context, "/cart", { status: 303 });
  const api = await requireApi(args);
  const back = () => redirectWithCookies(args.context, "/cart", { status: 303 });

  switch (intent) {
    case RECOMMENDATIONS_VIEWED: {
      // With JavaScript: the open dialog says it is on screen (a fetcher; the page stays).
      await recordRecommendationViews(api, session, order);
      return data<ActionResult>({ intent: RECOMMENDATIONS_VIEWED });
    }
    case RECOMMENDATIONS_CLOSED: {
      // Without JavaScript the dialog's Close is the sign it was seen.
      await recordRecommendationViews(api, session, order);
      return back();
    }
    case ADD_RECOMMENDED: {
      const { department } = orderParts(order);
      const productId = Number(text(form, "productId"));
      if (!department || !Number.isInteger(productId)) return back();
      const next = await addRecommendedProduct(api, session, order, department, {
        productId,
        collectionId: text(form, "collectionId"),
      });
      return redirectWithCookies(args.context, next, { status: 303 });
    }
    case "delete-item": {
      const itemId = Number(text(form, "itemId"));
      const item = orderParts(order).items.find((candidate) => candidate.id === itemId);
      if (!item) return back();
      const after = await api.deleteItem(item.id);
      // The API cancels the order with its last item: the cart is empty, the department stays.
      if (!isIncomplete(after) || after.item_count === 0) {
        await rememberShoppingDepartment(args, order);
        forgetOrder(session);
      }
      return back();
    }
    case "apply-promo": {
      const code = text(form, "code").trim();
      if (!code)
        return data<ActionResult>({ intent, code, error: PROMO_CODE_REQUIRED }, { status: 400 });
      try {
        await api.applyPromotion(order.id, code);
      } catch (error) {
        if (error instanceof ApiError && error.status >= 500) throw error;
        return data<ActionResult>({ intent, code, error: promotionError(error) }, { status: 400 });
      }
      return back();
    }
    case "remove-promo": {
      await api.removePromotion(order.id);
      return back();
    }
    case SAVE_SUBSTITUTIONS: {
      const allowed = form.get("substitutions_allowed") === "on";
      await api.updateOrder(order.id, { substitutions_allowed: allowed });
      return data<ActionResult>({ intent, saved: allowed });
    }
    case "continue": {
      const allowed = form.get("substitutions_allowed") === "on";
      if (allowed !== order.substitutions_allowed) {
        await api.updateOrder(order.id, { substitutions_allowed: allowed });
      }
      // Delivery mode is on while delivery info is kept (spec §4); pickup turns it off.
      if (text(form, "next") === "delivery") {
        if (!session.get("deliveryInfo")) session.set("deliveryInfo", { delivery: 1 });
      } else {
        session.unset("deliveryInfo");
      }
      return redirectWithCookies(args.context, "/fulfillment-time", { status: 303 });
    }
    default:
      return back();
  }
});

/** Posts that change nothing shown get no reload (see ~/lib/quiet-posts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (isQuietPost(formData) ? false : defaultShouldRevalidate);

/** After an add from the dialog (which then goes), focus lands on the page's heading. */
function useFocusAfterRecommendedAdd() {
  const heading = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const adding = navigation.formData?.get("intent") === ADD_RECOMMENDED;
  const wasAdding = useRef(false);
  useEffect(() => {
    if (wasAdding.current && navigation.state === "idle") heading.current?.focus();
    wasAdding.current = adding;
  }, [adding, navigation.state]);
  return heading;
}

export default function Cart() {
  const { cart, shoppingHref, disclaimer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const heading = useFocusAfterRecommendedAdd();

  return (
    <div className="cart-page">
      {/* Dialogs first: without JS the open one is a section over the page, reached first. */}
      {cart?.recommendations ? (
        <RecommendationsDialog recommendations={cart.recommendations} />
      ) : null}
      {cart?.items.map((item) => (
        <DeleteItemDialog key={item.id} item={item} />
      ))}
      <header className="page-header">
        <h1 ref={heading} tabIndex={-1}>
          Your Cart
        </h1>
      </header>

      {cart ? (
        <>
          {cart.priceChanges.length > 0 ? <PriceChanges changes={cart.priceChanges} /> : null}
          <div className="checkout-layout">
            <section className="checkout-layout__main" aria-labelledby="cart-items-title">
              <h2 id="cart-items-title" className="visually-hidden">
                Items
              </h2>
              <ul className="cart-items">
                {cart.items.map((item) => (
                  <CartItemRow key={item.id} item={item} editable />
                ))}
              </ul>
            </section>

            <aside className="checkout-layout__side" aria-label="Order summary">
              <div className="card summary-card">
                <h2 className="summary-card__title">Order Summary</h2>
                <OrderTotals totals={cart.totals} />
                <PromoCodeForm
                  promotion={cart.totals.promotion}
                  failed={actionData && actionData.intent === "apply-promo" ? actionData : null}
                />
              </div>
              <ContinueForm
                shoppingHref={shoppingHref}
                substitutionsAllowed={cart.substitutionsAllowed}
                deliveryAllowed={cart.deliveryAllowed}
              />
            </aside>
          </div>
          <PriceDisclaimer sentences={disclaimer} />
          <AssistanceListener alreadySet={cart.receivedAssistance} />
        </>
      ) : (
        <div className="card empty-cart">
          <p className="empty-cart__text">
            Your cart is empty. <Link to={shoppingHref}>Go shopping</Link>.
          </p>
        </div>
      )}
    </div>
  );
}

/** Substitutions (saved on change with JS, with Continue without) and the ways on. */
function ContinueForm({
  shoppingHref,
  substitutionsAllowed,
  deliveryAllowed: showDelivery,
}: {
  shoppingHref: string;
  substitutionsAllowed: boolean;
  deliveryAllowed: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const csrf = useShellData()?.csrfToken ?? "";
  const pendingNext =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "continue"
      ? navigation.formData.get("next")
      : null;

  const saveSubstitutions = (event: ChangeEvent<HTMLInputElement>) => {
    const body: Record<string, string> = { intent: SAVE_SUBSTITUTIONS, [CSRF_FIELD]: csrf };
    if (event.currentTarget.checked) body.substitutions_allowed = "on";
    fetcher.submit(body, { method: "post", action: "/cart" });
  };

  return (
    <Form method="post" action="/cart" className="card continue-card">
      <CsrfInput />
      <input type="hidden" name="intent" value="continue" />
      <div className="checkbox-field">
        <input
          type="checkbox"
          id="substitutions"
          name="substitutions_allowed"
          defaultChecked={substitutionsAllowed}
          onChange={saveSubstitutions}
        />
        <label htmlFor="substitutions">Please substitute unavailable items</label>
      </div>
      <details className="disclosure">
        <summary>What does this mean?</summary>
        <p>
          If an item is out of stock when we prepare your order, we will replace it with a similar
          item of equal or greater size and quality, at the same price or less. Leave this unchecked
          and we will leave the item out instead.
        </p>
      </details>
      <div className="continue-card__buttons">
        {showDelivery ? (
          <button type="submit" name="next" value="delivery" className="button button--secondary">
            {pendingNext === "delivery" ? <span className="spinner" aria-hidden="true" /> : null}
            Delivery
          </button>
        ) : null}
        <button type="submit" name="next" value="pickup" className="button button--primary">
          {pendingNext === "pickup" ? <span className="spinner" aria-hidden="true" /> : null}
          {showDelivery ? "Pick Up in Store" : "Next"}
        </button>
        <Link to={shoppingHref} className="button button--secondary">
          Continue Shopping
        </Link>
      </div>
    </Form>
  );
}

/** What the refresh changed: each item whose price is not what it was when added. */
function PriceChanges({ changes }: { changes: PriceChange[] }) {
  return (
    <section className="notice price-changes" role="status" aria-labelledby="price-changes-title">
      <h2 id="price-changes-title" className="price-changes__title">
        Some prices have changed since these items were added
      </h2>
      <ul>
        {changes.map((change) => (
          <li key={change.itemId}>
            {change.name}: now {formatMoney(change.now)} (was {formatMoney(change.was)})
          </li>
        ))}
      </ul>
    </section>
  );
}

function PriceDisclaimer({ sentences }: { sentences: string[] }) {
  return (
    <section className="price-disclaimer" aria-label="About prices">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </section>
  );
}
