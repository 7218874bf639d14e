import { Link } from "@remix-run/react";

export const PRODUCT_ERROR_TITLE = "Product Error";
export const PRODUCT_NOT_FOUND =
  "The requested product is currently out of stock or no longer available.";
/** Spec §8: the quick view's wording when its product read answers 404. */
export const QUICK_VIEW_NOT_FOUND = "Sorry, this product is out of stock or no longer available.";

export interface DepartmentLink {
  name: string;
  href: string;
}

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
