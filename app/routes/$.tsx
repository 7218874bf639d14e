/** Any path no route knows: the 404 page, and the path is reported as an error. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { reportError, requestPath } from "~/.server/error-reporting";
import { routeError, StorefrontError } from "~/.server/route-errors";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";

function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs): never {
  // One message for every unknown path, so a reporting service groups them; the path is context.
  reportError(new StorefrontError(ERROR_MESSAGES.notFound, 404), {
    action: "Unknown path",
    path: requestPath(request),
    method: request.method,
  });
  throw routeError(404, "The page you're looking for is not available.", "NotFound");
}

export const loader = notFound;
export const action = notFound;

/**
 * Never shown for a page the server renders: the loader always answers 404 through the error page.
 * It renders only in the browser, when the router finished a navigation on this catch-all route
 * because it had not yet learned the real one (lazy route discovery): a background save answered
 * while the page was on its way there makes @remix-run/router 1.23 complete the navigation with
 * the routes it knew. The server knows the page, so it is loaded as a document.
 */
export default function UnknownPath() {
  const { pathname, search, hash } = useLocation();
  const href = `${pathname}${search}${hash}`;
  useEffect(() => window.location.replace(href), [href]);
  return (
    <p role="status">
      Loading… <a href={href}>Continue</a>
    </p>
  );
}
