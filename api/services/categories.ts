import type { CategoryDetailSchema } from "@core/contract/stores";
import type { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { bool } from "../db/values";
import { notFound } from "../http/errors";
import { featuredFirst, serializeCategory } from "./category-tree";
import { findDepartment, serializeDepartment } from "./departments";
import { groupBy } from "./grouping";
import { listProducts } from "./product-listing";

import type { CategoryInclude } from "@core/contract/stores";

/** Maximum products a category answer carries; listing pages narrow further with filters. */
const CATEGORY_PRODUCT_LIMIT = 500;

export async function getCategory(
  db: Kysely<Database>,
  opts: {
    brandId: number;
    categoryId: number;
    userId: number | null;
    include: Set<CategoryInclude>;
  },
): Promise<z.input<typeof CategoryDetailSchema>> {
  const category = await db
    .selectFrom("categories")
    .innerJoin("departments", "departments.id", "categories.department_id")
    .innerJoin("stores", "stores.id", "departments.store_id")
    .selectAll("categories")
    .where("categories.id", "=", opts.categoryId)
    .where("stores.brand_id", "=", opts.brandId)
    .executeTakeFirst();
  if (!category) throw notFound("category");
  const { include } = opts;
  const [children, products, department] = await Promise.all([
    include.has("children")
      ? db.selectFrom("categories").selectAll().where("parent_id", "=", category.id).execute()
      : null,
    include.has("products")
      ? listProducts(db, opts.brandId, {
          departmentId: category.department_id,
          categoryId: category.id,
          userId: opts.userId,
          limit: CATEGORY_PRODUCT_LIMIT,
        }).then((r) => r.products)
      : null,
    include.has("department") ? findDepartment(db, opts.brandId, category.department_id) : null,
  ]);
  const images =
    include.has("products.images") && products?.length
      ? groupBy(
          await db
            .selectFrom("product_images")
            .selectAll()
            .where(
              "product_id",
              "in",
              products.map((p) => p.id),
            )
            .orderBy("primary", "desc")
            .orderBy("weight")
            .orderBy("id")
            .execute(),
          (i) => i.product_id,
        )
      : null;
  return {
    ...serializeCategory(category),
    ...(children ? { children: { data: featuredFirst(children).map(serializeCategory) } } : {}),
    ...(products
      ? {
          products: {
            data: products.map((p) => ({
              ...p,
              ...(images
                ? {
                    images: {
                      data: (images.get(p.id) ?? []).map((i) => ({
                        id: i.id,
                        primary: bool(i.primary),
                        image_url: i.image_url,
                        alt_text: i.alt_text,
                      })),
                    },
                  }
                : {}),
            })),
          },
        }
      : {}),
    ...(department ? { department: { data: serializeDepartment(department) } } : {}),
  };
}

/** The category when it belongs to the department (a listing narrowed to it), else undefined. */
export function findCategoryOfDepartment(
  db: Kysely<Database>,
  categoryId: number,
  departmentId: number,
) {
  return db
    .selectFrom("categories")
    .select("id")
    .where("id", "=", categoryId)
    .where("department_id", "=", departmentId)
    .executeTakeFirst();
}
