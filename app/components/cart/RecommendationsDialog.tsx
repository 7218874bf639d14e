import { RECOMMENDATIONS_VIEWED } from "~/lib/quiet-posts";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { ModalDialog } from "~/components/Dialog";
import { useHydrated } from "~/components/useHydrated";
import { useShellData } from "~/components/useShellData";
import { CSRF_FIELD } from "~/lib/csrf";
import { formatMoney } from "@core/rules/money";
interface RecommendedProductView {
  id: number;
  name: string;
  imageUrl: string | null;
  /** Cents per unit, the sale price when on sale. */
  price: number;
  href: string;
  /** Goes in the cart as it is (no choices to make): the dialog offers Add to Cart. */
  addable: boolean;
}

export interface RecommendationsView {
  title: string;
  collectionId: string;
  products: RecommendedProductView[];
}

/** The cart action's intents for the dialog (app/.server/recommendations.ts sends the events). */
export const RECOMMENDATIONS_CLOSED = "recommendations-closed";
export const ADD_RECOMMENDED = "add-recommended";
/** An add's field saying the script already sent the views (that post leaves the session be). */
export const VIEWS_REPORTED = "views_reported";

const DIALOG_ID = "recommendations";

/** With JavaScript, the dialog says once that it is on screen (its view events). */
function useReportShown(collectionId: string) {
  const hydrated = useHydrated();
  const { submit } = useFetcher();
  const csrf = useShellData()?.csrfToken ?? "";
  useEffect(() => {
    if (!hydrated) return;
    submit(
      { intent: RECOMMENDATIONS_VIEWED, collectionId, [CSRF_FIELD]: csrf },
      { method: "post", action: "/cart" },
    );
  }, [hydrated, collectionId, csrf, submit]);
}

/**
 * The recommended-products dialog the cart opens on load, once per order: without JS a section
 * over the page, with JS a modal. Each product links to its page; one with nothing to choose can
 * be added from here (a form to the cart's action, which sends the add-to-cart event). Close is a
 * form too, so that without JS it reports the dialog was seen; with JS it just closes the modal.
 */
export function RecommendationsDialog({
  recommendations,
}: {
  recommendations: RecommendationsView;
}) {
  useReportShown(recommendations.collectionId);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const addingId =
    navigation.state !== "idle" && navigation.formData?.get("intent") === ADD_RECOMMENDED
      ? Number(navigation.formData.get("productId"))
      : null;

  const closeInPlace = (event: MouseEvent<HTMLButtonElement>) => {
    const dialog = document.getElementById(DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return;
    event.preventDefault();
    dialog.close();
  };

  return (
    <ModalDialog id={DIALOG_ID} title={recommendations.title} requested closeHref="/cart">
      <p className="dialog__body">Shoppers who bought what is in your cart also liked these.</p>
      <ul className="recommendations">
        {recommendations.products.map((product) => (
          <li key={product.id} className="recommendations__item">
            {product.imageUrl ? (
              <img
                src={product.imageUrl}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="cart-item__placeholder" aria-hidden="true" />
            )}
            <div className="recommendations__body">
              <Link
                to={product.href}
                className="recommendations__name"
                id={`recommended-${product.id}`}
              >
                {product.name}
              </Link>
              <p className="recommendations__price">{formatMoney(product.price)}</p>
              {product.addable ? (
                <Form method="post" action="/cart" className="recommendations__add">
                  <CsrfInput />
                  <input type="hidden" name="intent" value={ADD_RECOMMENDED} />
                  <input type="hidden" name="productId" value={product.id} />
                  <input type="hidden" name="collectionId" value={recommendations.collectionId} />
                  {/* Hydrated means useReportShown has posted the views. */}
                  {hydrated ? <input type="hidden" name={VIEWS_REPORTED} value="on" /> : null}
                  <button
                    type="submit"
                    className="button button--secondary button--small"
                    aria-describedby={`recommended-${product.id}`}
                    aria-disabled={addingId !== null || undefined}
                    onClick={(event) => {
                      // One add per press: a second press while saving would add it twice.
                      if (addingId !== null) event.preventDefault();
                    }}
                  >
                    {addingId === product.id ? "Saving..." : "Add to Cart"}
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Form method="post" action="/cart" className="dialog__actions">
        <CsrfInput />
        <input type="hidden" name="intent" value={RECOMMENDATIONS_CLOSED} />
        <button
          type="submit"
          className="button button--primary"
          data-autofocus
          onClick={closeInPlace}
        >
          Close
        </button>
      </Form>
    </ModalDialog>
  );
}
