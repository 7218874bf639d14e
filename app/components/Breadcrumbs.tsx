import { Link, useLocation, useMatches, type UIMatch } from "@remix-run/react";
import { dialogOpenHref } from "~/lib/dialog-url";
import { CART_NOT_EMPTY_DEPARTMENTS_DIALOG } from "./CartNotEmptyDialog";
import { DialogOpenLink } from "./Dialog";
import { HomeLink } from "./HomeLink";
import { useShellData } from "./useShellData";

/** The departments list: with items in the cart, going there asks first (spec §2 dialogs). */
const DEPARTMENTS_PATH = /^\/stores\/\d+\/departments$/;

interface Crumb {
  label: string;
  to: string;
}

/**
 * A route's `handle.breadcrumb`: its crumb from its match, or null (e.g. when its loader failed
 * and `match.data` is missing).
 */
export interface BreadcrumbHandle {
  breadcrumb?: (match: UIMatch<unknown, unknown>) => Crumb | null;
}

export function Breadcrumbs() {
  const shell = useShellData();
  const { pathname, search } = useLocation();
  const asksFirst = Boolean(shell?.store && shell.cart && shell.cart.itemCount > 0);
  const crumbs = useMatches().flatMap((match) => {
    const crumb = (match.handle as BreadcrumbHandle | undefined)?.breadcrumb?.(match);
    return crumb ? [crumb] : [];
  });
  // 'Home' alone says nothing.
  if (crumbs.length < 2) return null;

  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol className="container">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={`${index}:${crumb.to}`}>
              {current ? (
                <Link to={crumb.to} aria-current="page">
                  {crumb.label}
                </Link>
              ) : crumb.to === "/" ? (
                <HomeLink>{crumb.label}</HomeLink>
              ) : asksFirst && DEPARTMENTS_PATH.test(crumb.to) ? (
                <DialogOpenLink
                  dialogId={CART_NOT_EMPTY_DEPARTMENTS_DIALOG}
                  to={dialogOpenHref(pathname, search, CART_NOT_EMPTY_DEPARTMENTS_DIALOG)}
                >
                  {crumb.label}
                </DialogOpenLink>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
