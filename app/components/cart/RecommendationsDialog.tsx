import { Link } from "@remix-run/react";
import { DialogCloseLink, ModalDialog } from "~/components/Dialog";
import { formatMoney } from "~/lib/money";

export interface RecommendedProduct {
  id: number;
  name: string;
  imageUrl: string | null;
  price: number;
  href: string;
}

export interface RecommendationsView {
  title: string;
  products: RecommendedProduct[];
}

const DIALOG_ID = "recommendations";

/**
 * The recommended-products dialog the cart opens on load, once per order: without JS a section
 * over the page with a Close link (back to the cart, where it is not shown again); a modal with JS.
 */
export function RecommendationsDialog({ recommendations }: { recommendations: RecommendationsView }) {
  return (
    <ModalDialog id={DIALOG_ID} title={recommendations.title} requested closeHref="/cart">
      <p className="dialog__body">Shoppers who bought what is in your cart also liked these.</p>
      <ul className="recommendations">
        {recommendations.products.map((product) => (
          <li key={product.id} className="recommendations__item">
            {product.imageUrl ? (
              <img src={product.imageUrl} alt="" width={72} height={72} loading="lazy" decoding="async" />
            ) : (
              <span className="cart-item__placeholder" aria-hidden="true" />
            )}
            <div>
              <Link to={product.href} className="recommendations__name">
                {product.name}
              </Link>
              <p className="recommendations__price">{formatMoney(product.price)}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="dialog__actions">
        <DialogCloseLink dialogId={DIALOG_ID} to="/cart" className="button button--primary" data-autofocus>
          Close
        </DialogCloseLink>
      </div>
    </ModalDialog>
  );
}
