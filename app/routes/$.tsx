/** Any path no route knows: the 404 page, and the path is reported as an error. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { routeError } from "~/.server/route-errors";

function notFound({ request }: LoaderFunctionArgs | ActionFunctionArgs): never {
  const path = new URL(request.url).pathname;
  console.error(JSON.stringify({ level: "error", message: "Unknown path", path }));
  throw routeError(404, "The page you're looking for is not available.", "NotFound");
}

export const loader = notFound;
export const action = notFound;

/** Never shown: the loader always answers 404 through the error page. */
export default function UnknownPath() {
  return null;
}
