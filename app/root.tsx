import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { withRouteErrors } from "~/.server/route-errors";
import { loadShell } from "~/.server/shell";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { ErrorPage } from "~/components/ErrorPage";
import { useNonce } from "~/components/Nonce";
import { Shell } from "~/components/Shell";
import { pageAddress } from "~/lib/dialog-url";
import { isQuietPost } from "~/lib/quiet-posts";
import { errorPageContent } from "~/lib/error-catalogue";
import { pageTitle } from "~/lib/page-title";
import { readRouteError } from "~/lib/error-page-input";
import faviconHref from "~/styles/favicon.svg?url";
import stylesHref from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: faviconHref, type: "image/svg+xml" },
];

export const loader = withRouteErrors((args: LoaderFunctionArgs) => loadShell(args));

export const handle: BreadcrumbHandle = {
  breadcrumb: () => ({ label: "Home", to: "/" }),
};

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const product = data?.productTitle ?? "Order Express";
  const failure = error ? readRouteError(error) : data?.globalError;
  if (failure)
    return [{ title: pageTitle(errorPageContent(failure.code, failure.message).title, product) }];
  return [{ title: product }];
};

/** Only the dialog parameters changed: the page's data is the same. */
const onlyDialogChanged = (current: URL, next: URL) =>
  pageAddress(current.pathname, current.search) === pageAddress(next.pathname, next.search);

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  formData,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return !isQuietPost(formData);
  // The header shows the current store and home drops the cart: both follow the URL.
  if (currentParams.store !== nextParams.store || nextUrl.pathname === "/") return true;
  if (onlyDialogChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Lite mode: no script at all, not even Remix's own (the forms work without them).
  const shell = useRouteLoaderData<typeof loader>("root");
  const lite = shell?.lite.on ?? false;
  const brand = shell?.brand.name;
  // Marks a page whose scripts run (hydration done): styles and tests can tell the two modes apart.
  useEffect(() => {
    document.documentElement.dataset.js = "on";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e6b34" />
        <meta
          name="description"
          content={`Order groceries${brand ? ` from ${brand}` : ""} online for pickup at your store.`}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {lite ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const { globalError } = useLoaderData<typeof loader>();
  return (
    <Shell error={Boolean(globalError)}>
      {globalError ? (
        <ErrorPage code={globalError.code} message={globalError.message} />
      ) : (
        <Outlet />
      )}
    </Shell>
  );
}

export function ErrorBoundary() {
  const { code, message } = readRouteError(useRouteError());
  return (
    <Shell error>
      <ErrorPage code={code} message={message} />
    </Shell>
  );
}
