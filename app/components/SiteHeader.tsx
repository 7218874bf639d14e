import { Link, useLocation } from "@remix-run/react";
import { dialogOpenHref } from "~/lib/dialog-url";
import type { ShellData } from "~/lib/shell-data";
import { CHANGE_STORE_DIALOG } from "./ChangeStoreDialog";
import { CsrfInput } from "./CsrfInput";
import { DialogOpenLink } from "./Dialog";
import { HomeLink } from "./HomeLink";
import { SignInForm } from "./SignInForm";

const itemCountText = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

/**
 * Brand logo and the Order Express wordmark (both home), the current store, the Cart, and Sign In
 * or the signed-in shopper's name with Sign Out. Both are plain form posts (a whole page each way:
 * sign-in leaves for the provider).
 */
export function SiteHeader({ shell }: { shell: ShellData | undefined }) {
  const { pathname, search } = useLocation();
  const brand = shell?.brand;
  const store = shell?.store;
  const cart = shell?.cart;
  const account = shell?.account;

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <div className="site-header__brand">
          {brand?.logoUrl ? (
            <>
              <HomeLink className="site-header__logo">
                <img src={brand.logoUrl} alt={`${brand.name} home`} width={200} height={64} />
              </HomeLink>
              <span className="divider" aria-hidden="true" />
            </>
          ) : null}
          <HomeLink className="wordmark">
            <span className="wordmark__mark" aria-hidden="true">
              OE
            </span>
            <span className="wordmark__text">
              Order <span className="wordmark__accent">Express</span>
            </span>
          </HomeLink>
        </div>

        {store || cart || account?.enabled ? (
          <div className="site-header__tools">
            {store ? (
              <p className="current-store">
                <span className="current-store__label">Shopping at</span>
                <span className="current-store__name">{store.name}</span>
                {/* Nothing to lose with an empty cart: straight to the locator, no warning. */}
                {brand?.canChangeStores && !(cart && cart.itemCount > 0) ? (
                  <Link to="/stores">Change Store</Link>
                ) : null}
                {brand?.canChangeStores && cart && cart.itemCount > 0 ? (
                  <DialogOpenLink
                    dialogId={CHANGE_STORE_DIALOG}
                    to={dialogOpenHref(pathname, search, CHANGE_STORE_DIALOG)}
                  >
                    Change Store
                  </DialogOpenLink>
                ) : null}
              </p>
            ) : null}
            {cart ? (
              <Link to="/cart" className="cart-link">
                Cart
                <span className="badge" aria-hidden="true">
                  {cart.itemCount}
                </span>
                <span className="visually-hidden">, {itemCountText(cart.itemCount)}</span>
              </Link>
            ) : null}
            {account?.enabled ? (
              account.signedInAs ? (
                <form method="post" action="/sign-out" className="account-control">
                  <CsrfInput />
                  <span className="account-control__name">Hi, {account.signedInAs}</span>
                  <button type="submit" className="link-button">
                    Sign Out
                  </button>
                </form>
              ) : (
                <div className="account-control">
                  <SignInForm returnTo={`${pathname}${search}`} className="link-button" />
                </div>
              )
            ) : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
