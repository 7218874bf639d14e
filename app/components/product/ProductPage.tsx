/**
 * The product page (spec §2): pictures (or, for builder products, the live design), name and
 * brand, nutrition, wait time, description, bundle, the configuration form with its sticky
 * preview, and suggestions. Holds the form's state, which the price, calories and previews follow.
 */
import type { SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import { Price } from "~/components/listing/Price";
import { useHydrated } from "~/components/useHydrated";
import {
  itemCalories,
  itemSubtotal,
  unitPrice,
  visibleFacetIds,
} from "@core/rules/item-configuration";
import {
  itemPreferences,
  messagePreview,
  type ItemFormProblem,
  type ItemFormState,
} from "~/lib/item-form";
import { quantityOptions, sameQuantity } from "@core/rules/quantity-options";
import { AddedToCart } from "./AddedToCart";
import { FavoriteStar } from "./FavoriteStar";
import { Gallery } from "./Gallery";
import { ErrorSummary } from "~/components/forms/ErrorSummary";
import { choiceWords, ItemForm, summaryErrors } from "./ItemForm";
import { ItemAddedNotice } from "./ItemAddedNotice";
import { NutritionInfo } from "./NutritionInfo";
import { BundleSelector, Suggestions } from "./ProductCards";
import { productRules, quantityRules, type ProductPageData } from "./types";

// The builder island's code loads only on builder pages, once they are hydrated.
const BuilderPreview = lazy(() => import("~/islands/BuilderPreview"));

export type ProductActionData =
  | ({
      status: "invalid";
      state: ItemFormState;
      /** For the form's check (useFormCheck): the same errors, keyed by field, '' for the summary's title. */
      result: SubmissionResult<string[]>;
    } & ItemFormProblem)
  | { status: "added"; at: number }
  /** Without scripts, 'Preview Message' confirmed the message: the form again, with the preview. */
  | { status: "preview"; state: ItemFormState };

export interface ProductPageProps {
  page: ProductPageData;
  actionData: ProductActionData | undefined;
}

export function ProductPage({ page, actionData }: ProductPageProps) {
  const { product } = page;
  const hydrated = useHydrated();
  const rules = useMemo(() => productRules(product), [product]);
  const qRules = useMemo(() => quantityRules(product), [product]);
  const refused = actionData?.status === "invalid" ? actionData : null;
  const previewed = actionData?.status === "preview" ? actionData : null;
  const [state, setState] = useState<ItemFormState>(
    refused?.state ?? previewed?.state ?? page.initial,
  );
  const [formVersion, setFormVersion] = useState(0);
  const added = actionData?.status === "added" ? actionData.at : null;
  const confirmation = useRef<HTMLElement>(null);

  // After an add with scripts: a fresh form, as the page is after an add without them, and focus
  // on the confirmation (the pressed button is replaced with the form, and focus would drop).
  useEffect(() => {
    if (added === null) return;
    setState(page.initial);
    setFormVersion((v) => v + 1);
    confirmation.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [added]);

  const preferences = itemPreferences(rules, state.preferences);
  const calories = itemCalories(rules, preferences);
  const quantity = quantityOptions(qRules).find(
    (q) => state.quantity !== "" && sameQuantity(q, Number(state.quantity)),
  );
  const subtotal = quantity === undefined ? null : itemSubtotal(rules, quantity, preferences);
  // What each quantity on offer costs with the choices made: named in the quantity list, so the
  // page is right before the post even without JavaScript to update the price bar.
  const priceOf = (q: number) => itemSubtotal(rules, q, preferences);

  const builder = page.builder;
  const isBuilder = product.detailStyle === "builder";
  const layers = builder
    ? builder.layers.filter((l) =>
        preferences.some((p) => p.facet_id === l.facet_id && p.choice_id === l.choice_id),
      )
    : [];
  const designWords = choiceWords(
    product,
    preferences.filter((p) => layers.some((l) => l.facet_id === p.facet_id)),
  );
  // The cake's message, written on the design as it is typed (spec §5: with a colour and text).
  const visible = visibleFacetIds(rules, preferences);
  const messageFacet = product.facets.find((f) => f.type === "custom-message" && visible.has(f.id));
  const message = messageFacet
    ? messagePreview(messageFacet, state.preferences, state.texts[messageFacet.id] ?? "")
    : null;
  const messageColor = messageFacet?.choices.find((c) =>
    state.preferences.some((p) => p.facet_id === messageFacet.id && p.choice_id === c.id),
  )?.value;
  const messageWords = message
    ? [`the message “${message.text.trim()}”, writing color ${messageColor}`]
    : [];
  const designDescription = [product.name, ...designWords, ...messageWords].join(", ");
  const lead =
    hydrated && isBuilder && builder
      ? {
          label: "Your design",
          content: (
            <Suspense fallback={<div className="builder-preview builder-preview--loading" />}>
              <BuilderPreview
                baseImageUrl={builder.baseImageUrl}
                layers={layers.map((l) => l.image_url)}
                message={message}
                description={`Your design: ${designDescription}`}
              />
            </Suspense>
          ),
        }
      : null;

  const price = unitPrice(product);
  const regular = price !== product.srp_amount ? product.srp_amount : null;

  return (
    <>
      {/* A refused post without scripts: the summary comes first on the page (GOV.UK pattern). */}
      {refused && !hydrated ? (
        <ErrorSummary title={refused.message} links={summaryErrors(product, refused.errors)} />
      ) : null}
      {added !== null || page.justAdded ? (
        <AddedToCart ref={confirmation} productName={product.name} titled={added === null} />
      ) : null}
      {page.catalogBack ? (
        <p className="catalog-back">
          <Link to={page.catalogBack} className="button button--secondary button--small">
            <span aria-hidden="true">‹ </span>Back to the catalog
          </Link>
        </p>
      ) : null}
      <article
        className={`product-page product-page--${isBuilder ? "builder" : "detail"}`}
        aria-labelledby="product-title"
      >
        <div className="product-page__media">
          <Gallery
            images={product.images}
            productName={product.name}
            lead={lead}
            leadExpected={isBuilder && builder !== null}
            leadVersion={[...layers.map((l) => l.choice_id), message?.text ?? ""].join(",")}
          />
        </div>

        <div className="product-page__main">
          <header className="product-header">
            {product.brand ? <p className="product-header__brand">{product.brand}</p> : null}
            <div className="product-header__title">
              <h1 id="product-title">{product.name}</h1>
              <FavoriteStar
                productId={product.id}
                productName={product.name}
                favorite={product.favorite}
                signedIn={page.signedIn}
              />
            </div>
            {product.variationDescription ? (
              <p className="product-header__variation">{product.variationDescription}</p>
            ) : null}
            <Price
              price={price}
              regularPrice={regular}
              unit={product.unitOfMeasure}
              club={page.club}
              className="product-header__price"
            />
          </header>

          {page.waitTime || product.servingSize ? (
            <ul className="product-facts">
              {page.waitTime ? (
                <li className="product-facts__item">
                  <ClockIcon />
                  {page.waitTime}
                </li>
              ) : null}
              {product.servingSize ? (
                <li className="product-facts__item">
                  <PeopleIcon />
                  Serves {product.servingSize}
                </li>
              ) : null}
            </ul>
          ) : null}

          {page.nutrition ? <NutritionInfo nutrition={page.nutrition} calories={calories} /> : null}

          {product.descriptionHtml ? (
            // Sanitized on the server: only simple formatting tags, no attributes.
            <div
              className="product-description"
              dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
            />
          ) : null}

          {page.bundle ? <BundleSelector bundle={page.bundle} /> : null}

          <section className="product-configure" aria-labelledby="configure-title">
            <h2
              id="configure-title"
              className={product.steps.length ? undefined : "visually-hidden"}
            >
              {page.editing ? "Change Your Item" : (product.callToAction ?? "Make It Yours")}
            </h2>
            <ItemForm
              key={formVersion}
              page={page}
              rules={rules}
              quantityRules={qRules}
              state={state}
              onChange={setState}
              serverProblem={refused}
              serverResult={refused?.result}
              serverProblemKey={refused}
              subtotal={subtotal}
              priceOf={priceOf}
              hydrated={hydrated}
              previewConfirmed={previewed !== null || page.editing !== null}
            />
          </section>
        </div>
      </article>

      <Suggestions products={page.suggestions} />
      <ItemAddedNotice at={added} />
    </>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 7v5l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function PeopleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="9" cy="8" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path
        d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c2 .7 3.2 2.4 3.5 5.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
