/**
 * Dialogs have URLs (`?dialog=change-store`) so that each one also works as a server-rendered
 * section without JavaScript. These build the links that open and close them.
 */
export const DIALOG_PARAM = "dialog";

/** Where the leave-order question's confirming post goes on to (see ./leave-order.ts). */
export const LEAVE_TO_PARAM = "leave-to";

/** Query parameters that describe an open dialog rather than the page under it. */
const DIALOG_STATE_PARAMS = [DIALOG_PARAM, LEAVE_TO_PARAM] as const;

/**
 * The page a location shows, without the dialog open on it: two locations with the same page
 * address differ only in a dialog (no data to reload, no new page to announce).
 */
export function pageAddress(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  for (const param of DIALOG_STATE_PARAMS) params.delete(param);
  params.sort();
  return `${pathname}?${params}`;
}

function withSearch(pathname: string, search: URLSearchParams): string {
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The current location with `?dialog=name` set (other query parameters kept). */
export function dialogOpenHref(pathname: string, search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.set(DIALOG_PARAM, name);
  return withSearch(pathname, params);
}

/** The current location with the given parameters (default: the dialog one) removed. */
export function dialogCloseHref(
  pathname: string,
  search: string,
  params: readonly string[] = [DIALOG_PARAM],
): string {
  const remaining = new URLSearchParams(search);
  for (const param of params) remaining.delete(param);
  return withSearch(pathname, remaining);
}
