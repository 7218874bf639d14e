/** Any path no route knows: the 404 page, and the path is reported as an error. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
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

/** Never shown: the loader always answers 404 through the error page. */
export default function UnknownPath() {
  return null;
}
