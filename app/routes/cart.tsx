/**
 * /cart (spec §2): the items, the estimated total, the promo code box, the substitutions choice,
 * the way on (Pick Up in Store, Delivery where allowed) and the price disclaimer. One action
 * handles every cart form by its `intent`; each answers with a 303 back to the cart (or onward),
 * or with the form's error, so every form works as a plain post.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { type ChangeEvent } from "react";
import { ApiError, type Order, type StorefrontApi } from "~/.server/api";
import { departmentPath, orderParts, rememberShoppingDepartment } from "~/.server/checkout";
import { storefrontConfig } from "~/.server/config";
import { requireCsrf } from "~/.server/csrf";
import { describeError, logWarning } from "~/.server/log";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import {
  forgetOrder,
  getShopperState,
  redirectWithCookies,
  type StorefrontSession,
} from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CartItemRow, DeleteItemDialog } from "~/components/cart/CartItemRow";
import { OrderTotals } from "~/components/cart/OrderTotals";
import { PromoCodeForm } from "~/components/cart/PromoCodeForm";
import {
  RecommendationsDialog,
  type RecommendationsView,
} from "~/components/cart/RecommendationsDialog";
import { cartItemsView, productPath, totalsView } from "~/components/cart/view";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import { CsrfInput } from "~/components/CsrfInput";
import { useShellData } from "~/components/useShellData";
import { deliveryAllowed } from "~/lib/checkout-flow";
import { CSRF_FIELD } from "~/lib/csrf";
import { priceDisclaimer } from "~/lib/price-disclaimer";
import { PROMO_CODE_REQUIRED, PROMO_NOT_APPLIED } from "~/lib/promotions";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Cart");

/** No flag: the cart shows an empty cart without an order; a submitted order is let go. */
export const routeMeta = {} as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Cart", to: "/cart" }),
};

/** Shown once per order, recorded in the session; never fails the cart. */
async function recommendationsOnce(
  api: StorefrontApi,
  session: StorefrontSession,
  order: Order,
): Promise<RecommendationsView | null> {
  if (session.get("recommendationsShownFor") === order.id) return null;
  session.set("recommendationsShownFor", order.id);
  const { department } = orderParts(order);
  if (!department) return null;
  try {
    const found = await api.getRecommendations(order.id);
    if (found.products.length === 0) return null;
    if (storefrontConfig().features.analytics) {
      // Analytics never hold up or break the page.
      void Promise.allSettled(
        found.products.map((product) =>
          api.recordRecommendation(found.collection_id, product.id, "view"),
        ),
      );
    }
    return {
      title: found.title,
      products: found.products.map((product) => ({
        id: product.id,
        name: product.name,
        imageUrl: product.image_url,
        price:
          product.on_sale && (product.sale_srp_amount ?? 0) > 0
            ? product.sale_srp_amount!
            : product.srp_amount,
        href: productPath(department.store_id, department.id, product.id),
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

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  const { session } = await getShopperState(args);
  const api = await requireApi(args);
  const brand = await api.getBrand();
  const disclaimer = priceDisclaimer({
    circularWeekStart: brand.circular_week_start,
    bagFeeAmount: brand.bag_fee_amount,
  });

  const { department, items } = order ? orderParts(order) : { department: null, items: [] };
  if (!order || !department || items.length === 0) {
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
      recommendations: await recommendationsOnce(api, session, order),
    },
    shoppingHref: departmentPath(department.store_id, department.id),
    disclaimer,
  };
});

type ActionResult =
  | { intent: "apply-promo"; code: string; error: string }
  | { intent: "substitutions"; saved: boolean };

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
    case "delete-item": {
      const itemId = Number(text(form, "itemId"));
      const item = orderParts(order).items.find((candidate) => candidate.id === itemId);
      if (!item) return back();
      const after = await api.deleteItem(item.id);
      // The API cancels the order with its last item: the cart is empty, the department stays.
      if (after.status.toLowerCase() !== "incomplete" || after.item_count === 0) {
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
    case "substitutions": {
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

export default function Cart() {
  const { cart, shoppingHref, disclaimer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

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
        <h1>Your Cart</h1>
      </header>

      {cart ? (
        <>
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
    const body: Record<string, string> = { intent: "substitutions", [CSRF_FIELD]: csrf };
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

function PriceDisclaimer({ sentences }: { sentences: string[] }) {
  return (
    <section className="price-disclaimer" aria-label="About prices">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </section>
  );
}
