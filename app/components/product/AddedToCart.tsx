import { Link } from "@remix-run/react";
import { forwardRef } from "react";
import { useShellData } from "~/components/useShellData";

/** Where the page lands after an add without scripts (the redirect's #fragment). */
export const ADDED_TO_CART_ID = "added";

const itemCountText = (count: number) => `${count} ${count === 1 ? "item" : "items"}`;

interface AddedToCartProps {
  productName: string;
  /** Lets two confirmations (page and quick view) have distinct ids. */
  id?: string;
  /**
   * Opens with the spec's 'Item Added': the page the server sends after an add without scripts,
   * where this is the one notice (with scripts the 1.1 s notice says it beside the page).
   */
  titled?: boolean;
}

/**
 * The lasting confirmation of an add: what was added, the cart's count and a way to the cart. It
 * takes focus (tabindex -1), so a screen reader reads it and the next Tab goes on from here,
 * unlike the 1.1 s 'Item Added' notice, which only flashes by.
 */
export const AddedToCart = forwardRef<HTMLElement, AddedToCartProps>(function AddedToCart(
  { productName, id = ADDED_TO_CART_ID, titled = false },
  ref,
) {
  const count = useShellData()?.cart?.itemCount;
  const textId = `${id}-text`;
  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      className="notice notice--success added-to-cart"
      aria-labelledby={textId}
    >
      <div>
        {/* Outside the region's name, which stays what was added. */}
        {titled ? <p className="added-to-cart__title">Item Added</p> : null}
        <p id={textId} className="added-to-cart__text">
          <strong>{productName} was added to your cart.</strong>
          {count === undefined ? null : ` Your cart has ${itemCountText(count)}.`}
        </p>
      </div>
      <Link to="/cart" className="button button--secondary button--small">
        View Cart
      </Link>
    </section>
  );
});
