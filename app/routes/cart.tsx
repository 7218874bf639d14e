/**
 * /cart (spec §2): the items, the estimated total, the promo code box, the substitutions choice,
 * the way on (Pick Up in Store, Delivery where allowed) and the price disclaimer. One action
 * handles every cart form by its `intent` (app/.server/cart.ts, one function each); each answers
 * with a 303 back to the cart (or onward), or with the form's error, so every form works as a
 * plain post.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";
import { useEffect, useState, type ChangeEvent } from "react";
import {
  backToCart,
  cartPageData,
  changeCart,
  readCartPost,
  type PriceChange,
} from "~/.server/cart";
import { readCheckedPost } from "~/.server/csrf";
import { privatePageHeaders } from "~/.server/private-page";
import { withRouteErrors } from "~/.server/route-errors";
import { guardRoute } from "~/.server/route-guard";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { CartItemRow, DeleteItemDialog } from "~/components/cart/CartItemRow";
import { OrderTotals } from "~/components/cart/OrderTotals";
import { PromoCodeForm } from "~/components/cart/PromoCodeForm";
import { ADD_RECOMMENDED, RecommendationsDialog } from "~/components/cart/RecommendationsDialog";
import { AssistanceListener } from "~/components/checkout/AssistanceListener";
import { CsrfInput } from "~/components/CsrfInput";
import { SignInForm } from "~/components/SignInForm";
import { useFocusAfterPost } from "~/components/useFocusAfterPost";
import { useHydrated } from "~/components/useHydrated";
import { useShellData } from "~/components/useShellData";
import { CSRF_FIELD } from "~/lib/csrf";
import { openForChangesWords } from "~/lib/past-orders";
import { SAVE_SUBSTITUTIONS, skipReloadAfterQuietPosts } from "~/lib/quiet-posts";
import { STAY_ON_CART } from "~/lib/substitution";
import { formatMoney } from "@core/rules/money";
import { SUBSTITUTIONS_OFF } from "@core/rules/substitution";
import { titleMeta, type RouteMeta } from "~/lib/route-meta";

/** The shopper's order and details: never cached. */
export const headers = privatePageHeaders;

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Cart");

/** No flag: the cart shows an empty cart without an order; a submitted order is let go. */
export const routeMeta = {} as const satisfies RouteMeta;

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Cart", to: "/cart" }),
};

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { order } = await guardRoute(args, routeMeta);
  return cartPageData(args, order);
});

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const { session } = args.context.shopper;
  const { form } = await readCheckedPost(args.request, args.context.shopper);
  const { order } = await guardRoute(args, routeMeta);
  // The order went away meanwhile (placed in another tab, or lost): the cart says so.
  if (!order) return backToCart();
  const cart = { args, session, api: args.context.api, order };
  return changeCart(cart, readCartPost(form));
});

/** Posts that change nothing shown get no reload (see ~/lib/quiet-posts). */
export const shouldRevalidate = skipReloadAfterQuietPosts;

export default function Cart() {
  const { cart, shoppingHref, disclaimer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // After an add from the dialog (which then goes), focus lands on the page's heading.
  const heading = useFocusAfterPost(ADD_RECOMMENDED);
  // The box saves quietly as it is ticked (no reload): the rows follow it here.
  const [allowed, setAllowed] = useState(cart?.substitutionsAllowed ?? false);
  useEffect(() => setAllowed(cart?.substitutionsAllowed ?? false), [cart?.substitutionsAllowed]);

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
          {cart.openForChanges ? <OpenForChanges {...cart.openForChanges} /> : null}
          {cart.priceChanges.length > 0 ? <PriceChanges changes={cart.priceChanges} /> : null}
          {cart.signInRequiredBy ? (
            <section className="notice sign-in-notice" aria-labelledby="sign-in-notice-title">
              <h2 id="sign-in-notice-title" className="notice__title">
                Sign in to order from {cart.signInRequiredBy}
              </h2>
              <p>
                {cart.signInRequiredBy} takes orders from signed-in shoppers only. Sign in now and
                your cart comes with you.
              </p>
              <SignInForm returnTo="/cart" className="button button--secondary" />
            </section>
          ) : null}
          <div className="checkout-layout">
            <section className="checkout-layout__main" aria-labelledby="cart-items-title">
              <h2 id="cart-items-title" className="visually-hidden">
                Items
              </h2>
              {allowed ? null : <p className="notice substitutions-off">{SUBSTITUTIONS_OFF}</p>}
              <ul className="cart-items">
                {cart.items.map((item) => (
                  <CartItemRow
                    key={item.id}
                    // Just allowed: the rows start at the default until the next load.
                    item={
                      allowed && !cart.substitutionsAllowed
                        ? { ...item, substitution: "best_match", substituteProductId: null }
                        : item
                    }
                    editable
                    substitution={{
                      allowed,
                      refused:
                        actionData && "error" in actionData && "itemId" in actionData
                          ? actionData.itemId === item.id
                            ? actionData.error
                            : null
                          : null,
                    }}
                  />
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
                onSubstitutionsChange={setAllowed}
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
  onSubstitutionsChange,
  deliveryAllowed: showDelivery,
}: {
  shoppingHref: string;
  substitutionsAllowed: boolean;
  onSubstitutionsChange: (allowed: boolean) => void;
  deliveryAllowed: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const csrf = useShellData()?.csrfToken ?? "";
  const pendingNext =
    navigation.state !== "idle" && navigation.formData?.get("intent") === "continue"
      ? navigation.formData.get("next")
      : null;

  const saveSubstitutions = (event: ChangeEvent<HTMLInputElement>) => {
    const body: Record<string, string> = { intent: SAVE_SUBSTITUTIONS, [CSRF_FIELD]: csrf };
    if (event.currentTarget.checked) body.substitutions_allowed = "on";
    onSubstitutionsChange(event.currentTarget.checked);
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
      {/* Without scripts the box is saved here too, so each item's choice can follow it. */}
      {hydrated ? null : (
        <button
          type="submit"
          name="next"
          value={STAY_ON_CART}
          className="button button--secondary button--small continue-card__save"
        >
          Save<span className="visually-hidden"> substitution choice</span>
        </button>
      )}
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

/** An order edited after placement: a cart again until it is placed again, under its number. */
function OpenForChanges({ number, delivery }: { number: string; delivery: boolean }) {
  const words = openForChangesWords(number, delivery);
  return (
    <section className="notice open-for-changes" aria-labelledby="open-for-changes-title">
      <h2 id="open-for-changes-title" className="notice__title">
        {words.title}
      </h2>
      <p>{words.text}</p>
    </section>
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
