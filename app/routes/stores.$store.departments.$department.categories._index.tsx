/** …/categories with no category is the department home (spec §2: the category is optional). */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors";
import { redirectTo } from "~/.server/session";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const url = new URL(args.request.url);
  const home = url.pathname.replace(/\/categories\/?$/, "");
  throw redirectTo(`${home}${url.search}`);
});
