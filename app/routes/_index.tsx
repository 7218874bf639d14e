import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { storefrontConfig } from "~/.server/config";
import { leaveOrderForHome } from "~/.server/order-session";
import { withRouteErrors } from "~/.server/route-errors";
import { clearShoppingTrip } from "~/.server/session";
import { GroceryArt } from "~/components/GroceryArt";
import { StartOrderForm } from "~/components/StartOrderForm";
import { useShellData } from "~/components/useShellData";
import { titleMeta } from "~/lib/route-meta";

export const meta: MetaFunction = ({ matches }) => titleMeta(matches, "Welcome");

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  // An order with items is only given up once the shopper confirms ('Your Cart is NOT Empty!').
  await leaveOrderForHome(args);
  const state = args.context.shopper;
  // Home starts a new trip: the order and everything about it are forgotten (spec §2, home).
  clearShoppingTrip(state.session);

  // The browser's position only matters when no home store is known, here or at the API.
  let askForPosition = false;
  if (state.preferences.homeStoreId === undefined) {
    const api = args.context.api;
    askForPosition = await api.getHomeStore().then(
      (id) => id === null,
      () => true,
    );
  }
  return { showPreviousOrders: storefrontConfig().features.orderSystem, askForPosition };
});

export default function Home() {
  const { showPreviousOrders, askForPosition } = useLoaderData<typeof loader>();
  const brandName = useShellData()?.brand.name;

  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div>
          <h1 id="home-title">Welcome{brandName ? ` to ${brandName}` : ""}</h1>
          <p className="hero__lead">
            Order your groceries online and pick them up at your store, or have them delivered where
            your store offers delivery.
          </p>
          <StartOrderForm showPreviousOrders={showPreviousOrders} askForPosition={askForPosition} />
        </div>
        <GroceryArt className="hero__art" />
      </section>

      <ul className="feature-list" aria-label="How it works">
        <li>
          <strong>1. Choose your store</strong>
          <p>We suggest the store nearest you; you can pick another at any time.</p>
        </li>
        <li>
          <strong>2. Fill your cart</strong>
          <p>Browse departments, weekly specials and made-to-order favorites.</p>
        </li>
        <li>
          <strong>3. Pick a time</strong>
          <p>Choose when to pick up in store, or when your delivery should arrive.</p>
        </li>
      </ul>
    </>
  );
}
