/**
 * Which places abandon the working order (spec §4: home starts a new trip, changing department
 * abandons the order) and the URL of the question asked before going there with items in the
 * cart (spec §2 'Your Cart is NOT Empty!'). The question is a dialog over the page the shopper was
 * on, so declining leaves them there; it has a URL so that it works without JavaScript.
 */
import { parseId } from "@core/rules/ids";
import { DIALOG_PARAM, LEAVE_TO_PARAM } from "./dialog-url";

export { LEAVE_TO_PARAM };

export const LEAVE_ORDER_DIALOG = "leave-order";
/** Where the confirming post goes. */
export const LEAVE_ORDER_ACTION = "/leave-order";

/** The store and department segments; each is an id only when the routes read it as one (parseId). */
const DEPARTMENT_PAGE = /^\/stores\/([^/]+)\/departments\/([^/]+)(?:\/|$)/;

const pathnameOf = (path: string) => path.split(/[?#]/, 1)[0] ?? "";

/** The store and department of a /stores/{store}/departments/{department}… path, if it is one. */
export function departmentOfPath(path: string): { storeId: number; departmentId: number } | null {
  const match = DEPARTMENT_PAGE.exec(pathnameOf(path));
  const storeId = parseId(match?.[1]);
  const departmentId = parseId(match?.[2]);
  return storeId !== null && departmentId !== null ? { storeId, departmentId } : null;
}

/** Whether going to `path` abandons an order of the department `orderDepartmentId`. */
export function abandonsOrder(path: string, orderDepartmentId: number): boolean {
  if (pathnameOf(path) === "/") return true;
  const department = departmentOfPath(path);
  return department !== null && department.departmentId !== orderDepartmentId;
}

/** `from` (a path of this site) with the question about going to `to` open over it. */
export function askToLeaveHref(from: string, to: string): string {
  const url = new URL(from, "http://storefront.invalid");
  url.searchParams.set(DIALOG_PARAM, LEAVE_ORDER_DIALOG);
  url.searchParams.set(LEAVE_TO_PARAM, to);
  return `${url.pathname}${url.search}`;
}
