import type { CategorySchema } from "@core/contract/stores";
import type { z } from "zod";
/**
 * A department's categories as a tree, featured first (read by departments and orders, and by the
 * category answer itself): kept apart from categories.ts, which reads departments.
 */
import type { Kysely } from "kysely";
import { compiledQuery } from "../db/compiled-query";
import type { Database, Row } from "../db/schema";
import { bool } from "../db/values";
import { groupBy } from "./grouping";

export function serializeCategory(c: Row<"categories">): z.input<typeof CategorySchema> {
  return {
    id: c.id,
    department_id: c.department_id,
    parent_id: c.parent_id,
    name: c.name,
    icon_image_url: c.icon_image_url,
    image_url: c.image_url,
    featured: bool(c.featured),
    weight: c.weight,
  };
}

export const featuredFirst = <T extends Row<"categories">>(rows: T[]) =>
  [...rows].sort(
    (a, b) => b.featured - a.featured || a.weight - b.weight || a.name.localeCompare(b.name),
  );

const categoriesQuery = compiledQuery((db, v: { departmentId: number }) =>
  db.selectFrom("categories").selectAll().where("department_id", "=", v.departmentId),
);

/** Top-level categories of a department, featured first; with their children when asked. */
export async function listCategoryTree(
  db: Kysely<Database>,
  departmentId: number,
  withChildren: boolean,
) {
  const rows = await categoriesQuery(db, { departmentId });
  const byParent = groupBy(rows, (c) => c.parent_id);
  return featuredFirst(byParent.get(null) ?? []).map((c) => ({
    ...serializeCategory(c),
    ...(withChildren
      ? { children: { data: featuredFirst(byParent.get(c.id) ?? []).map(serializeCategory) } }
      : {}),
  }));
}
