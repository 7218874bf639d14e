/**
 * Every /stores/{store}/departments/{department}/… page: the department of the URL within the
 * store (unknown → 404, another store's → 400), and the working order of another department
 * abandoned (spec §4) — or, when it has items, the shopper asked first ('Your Cart is NOT
 * Empty!'), so nothing is lost by a click. Pages below read the department with useDepartment().
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { Department } from "~/.server/api";
import { requireDepartment } from "~/.server/department";
import { leaveOrderOfOtherDepartment } from "~/.server/order-session";
import { withRouteErrors } from "~/.server/route-errors";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { departmentPath } from "~/lib/listing";

export const loader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const department = await requireDepartment(args);
  await leaveOrderOfOtherDepartment(args, department.id, { ask: true });
  return { department: departmentView(department) };
});

/**
 * What the pages under a department show of it (every one of them carries this in its HTML): a
 * page that needs more of the department (its categories, its featured product) reads it in its
 * own loader, where the API client has it remembered for the request.
 */
function departmentView(department: Department) {
  const { id, store_id, name, description, list_style } = department;
  return { id, store_id, name, description, list_style };
}

export type DepartmentView = ReturnType<typeof departmentView>;

/**
 * Searching, filtering, sorting and paging within the department change nothing here: only a
 * mutation or another store or department reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (
    currentParams.store === nextParams.store &&
    currentParams.department === nextParams.department
  ) {
    return false;
  }
  return defaultShouldRevalidate;
};

export const DEPARTMENT_ROUTE_ID = "routes/stores.$store.departments.$department";

type DepartmentData = Awaited<ReturnType<typeof loader>>;

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const department = (match.data as DepartmentData | undefined)?.department;
    return department
      ? { label: department.name, to: departmentPath(department.store_id, department.id) }
      : null;
  },
};

/** The URL's department, for pages under /stores/{store}/departments/{department}. */
export function useDepartment() {
  const data = useRouteLoaderData<typeof loader>(DEPARTMENT_ROUTE_ID);
  if (!data) throw new Error("useDepartment() is only for pages under a department");
  return data.department;
}

/** The department's name from a page's meta matches (for titles). */
export function departmentNameFromMatches(
  matches: readonly { id: string; data?: unknown }[],
): string | null {
  const match = matches.find((m) => m.id === DEPARTMENT_ROUTE_ID);
  return (match?.data as DepartmentData | undefined)?.department.name ?? null;
}

export default function DepartmentLayout() {
  return <Outlet />;
}
