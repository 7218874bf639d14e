import type { ReactNode } from "react";
import { Breadcrumbs } from "./Breadcrumbs";
import {
  CartNotEmptyDepartmentsDialog,
  CartNotEmptyDialog,
  LeaveOrderDialog,
} from "./CartNotEmptyDialog";
import { ChangeStoreDialog } from "./ChangeStoreDialog";
import { FlashMessages } from "./FlashMessages";
import { LoadingIndicator } from "./LoadingIndicator";
import { RouteAnnouncer } from "./RouteAnnouncer";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { useShellData } from "./useShellData";

/**
 * The page frame around every route and the error page: skip link, loading indicator, the route
 * announcer, modal target, header, breadcrumb, main and footer. Renders from whatever the root loader gave it,
 * so it still stands when the API does not.
 */
export function Shell({ children, error = false }: { children: ReactNode; error?: boolean }) {
  const shell = useShellData();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <LoadingIndicator />
      <RouteAnnouncer />
      {/* Modal target: the shell's dialogs, first in the tab order when rendered open without JS. */}
      <div id="modal-target">
        {shell?.store && shell.brand.canChangeStores ? <ChangeStoreDialog /> : null}
        {shell?.cart && shell.cart.itemCount > 0 ? (
          <>
            <CartNotEmptyDialog />
            <LeaveOrderDialog />
          </>
        ) : null}
        {shell?.store && shell.cart && shell.cart.itemCount > 0 ? (
          <CartNotEmptyDepartmentsDialog storeId={shell.store.id} />
        ) : null}
      </div>
      <SiteHeader shell={shell} />
      {/* An error page is not a place in the site: no trail to it. */}
      {error ? null : <Breadcrumbs />}
      <main id="main" className="site-main" tabIndex={-1}>
        <div className="container">
          <FlashMessages messages={shell?.flashMessages ?? []} />
          {children}
        </div>
      </main>
      <SiteFooter shell={shell} />
    </>
  );
}
