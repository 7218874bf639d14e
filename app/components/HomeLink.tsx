import { Link, useLocation, type LinkProps } from "@remix-run/react";
import { dialogOpenHref } from "~/lib/dialog-url";
import { DialogOpenLink } from "./Dialog";
import { CART_NOT_EMPTY_DIALOG } from "./CartNotEmptyDialog";
import { useShellData } from "./useShellData";

/**
 * A link home. Home abandons the order in progress, so with items in the cart it first asks
 * (the 'Your Cart is NOT Empty!' dialog) instead of leaving.
 */
export function HomeLink(props: Omit<LinkProps, "to">) {
  const cart = useShellData()?.cart;
  const { pathname, search } = useLocation();
  if (cart && cart.itemCount > 0) {
    return (
      <DialogOpenLink
        {...props}
        dialogId={CART_NOT_EMPTY_DIALOG}
        to={dialogOpenHref(pathname, search, CART_NOT_EMPTY_DIALOG)}
      />
    );
  }
  return <Link {...props} to="/" />;
}
