import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";

/** /stores/{store} on its own: the store's start page. */
export const loader = withRouteErrors(async ({ params }: LoaderFunctionArgs) =>
  redirectTo(`/stores/${encodeURIComponent(params.store ?? "")}/orders/new`),
);

export default function StoreIndex() {
  return null;
}
