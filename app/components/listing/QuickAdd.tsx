import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { AddedToCart } from "~/components/product/AddedToCart";
import { ItemAddedNotice } from "~/components/product/ItemAddedNotice";
import type { ProductActionData } from "~/components/product/ProductPage";
import { choiceField, FIELD } from "~/lib/item-form";
import type { QuickViewProduct } from "~/lib/quick-view";

/**
 * The quick view's Add to Cart, for products that need no choices: the product page's own form,
 * reduced to its defaults (quantity and preselected choices) and posted to the product page's
 * action, so the server checks it exactly as there. `product` is the quick view's read of the
 * product; a product with choices keeps only 'View Details'.
 */
export function QuickAdd({
  product,
  productName,
}: {
  product: QuickViewProduct;
  productName: string;
}) {
  const add = useFetcher<ProductActionData>();
  const confirmation = useRef<HTMLElement>(null);

  const added = add.data?.status === "added" ? add.data.at : null;
  const refused = add.data?.status === "invalid" ? add.data.message : null;
  // Focus goes to the lasting confirmation once the add is saved.
  useEffect(() => {
    if (added !== null) confirmation.current?.focus();
  }, [added]);

  if (!product.needsNoChoices) return null;
  const saving = add.state !== "idle";

  return (
    <div className="quick-add">
      <add.Form method="post" action={product.productHref} className="quick-add__form">
        <CsrfInput />
        <input type="hidden" name={FIELD.enhanced} value="1" />
        <input type="hidden" name={FIELD.quantity} value={product.quantity} />
        {product.preferences.map((preference) =>
          preference.choice_id === null ? null : (
            <input
              key={`${preference.facet_id}:${preference.choice_id}`}
              type="hidden"
              name={choiceField(preference.facet_id)}
              value={preference.choice_id}
            />
          ),
        )}
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={saving || undefined}
          onClick={(event) => {
            // One add per press: a second press while saving would add the item twice.
            if (saving) event.preventDefault();
          }}
        >
          {saving ? "Saving..." : "Add to Cart"}
        </button>
      </add.Form>
      {refused ? (
        <p className="notice notice--error" role="alert">
          {refused}
        </p>
      ) : null}
      {added !== null ? (
        <AddedToCart ref={confirmation} id="quick-view-added" productName={productName} />
      ) : null}
      <ItemAddedNotice at={added} />
    </div>
  );
}
