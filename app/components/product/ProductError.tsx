import { Link } from "@remix-run/react";

export const PRODUCT_ERROR_TITLE = "Product Error";
export const PRODUCT_NOT_FOUND =
  "The requested product is currently out of stock or no longer available.";
/** Spec §8: the quick view's wording when its product read answers 404. */
export const QUICK_VIEW_NOT_FOUND = "Sorry, this product is out of stock or no longer available.";

/**
 * `?quick` on a product page: the quick view reading the product. Its failures come back as
 * data (a fetcher's thrown error would replace the whole listing with the error page).
 */
export const QUICK_VIEW_PARAM = "quick";

export interface DepartmentLink {
  name: string;
  href: string;
}

/** What the quick view's read answers when the product could not be read. */
export type QuickViewFailure =
  | { quickView: "not-found"; department: DepartmentLink }
  | { quickView: "failed"; code: number; message: string };

/** The product page's 404 view (spec §2): the product is gone, the department is still there. */
export function ProductError({ department }: { department: DepartmentLink }) {
  return (
    <section className="error-page" aria-labelledby="product-error-title">
      <h1 id="product-error-title">{PRODUCT_ERROR_TITLE}</h1>
      <p className="error-page__message">{PRODUCT_NOT_FOUND}</p>
      <div className="button-row">
        <Link to={department.href} className="button button--primary">
          Back to {department.name}
        </Link>
      </div>
    </section>
  );
}
