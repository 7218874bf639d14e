/**
 * The department of a /stores/{store}/departments/{department}/… URL. The department layout and
 * its pages each ask for it; the API client remembers the answer for the request, so it is
 * fetched once.
 */
import { parseId } from "@core/rules/ids";
import type { Params } from "@remix-run/react";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import { ApiNotFoundError, type Department } from "./api";
import { StorefrontError } from "./route-errors";
import type { RequestArgs } from "./session";

/** The positive integer id in a URL segment, else null (same rule as store ids). */

/**
 * The URL's department. Unknown (or malformed) → the 404 page; a department of another store →
 * the 400 page (spec §8).
 */
export async function requireDepartment(
  args: RequestArgs & { params: Params },
): Promise<Department> {
  const id = parseId(args.params.department);
  if (id === null) throw new StorefrontError(ERROR_MESSAGES.unknownDepartment, 404);
  const api = args.context.api;
  let department: Department;
  try {
    department = await api.getDepartment(id);
  } catch (error) {
    if (error instanceof ApiNotFoundError) {
      throw new StorefrontError(ERROR_MESSAGES.unknownDepartment, 404, { cause: error });
    }
    throw error;
  }
  if (department.store_id !== parseId(args.params.store)) {
    throw new StorefrontError(ERROR_MESSAGES.invalidDepartmentStoreCombo, 400);
  }
  return department;
}
