/**
 * The catalog spread as the server renders it: the hint, the page images with their hitboxes as
 * real links laid over them (a product's link goes to its page with a way back here, a page's to
 * that page's spread), and the pagination. On small screens CSS shows the spec's message instead
 * and points to the deals below the viewer, there a page at a time (CatalogDeals). The island
 * passes handlers to enhance the same markup: a product's link then opens the product dialog, a
 * page can be zoomed.
 */
import { Link, useNavigate } from "@remix-run/react";
import type { HTMLAttributes, MouseEvent } from "react";
import {
  PAGE_IMAGE,
  type CatalogSpreadView,
  type HitboxView,
  type ProductHitboxView,
  type SpreadPageView,
} from "~/lib/catalog";
import { PathLink } from "~/components/PathLink";

const CATALOG_HINT = "Click items to view details or add to your cart.";
const SMALL_SCREEN_MESSAGE = "A device with a larger screen is needed to view this catalog.";
/** What a narrow screen has instead: the deals after the viewer (CatalogDeals). */
const SMALL_SCREEN_INSTEAD = "Its deals are below, a page at a time, and you can search them.";

export interface SpreadEnhancements {
  /** A product hitbox pressed (with JavaScript): the dialog opens instead of the product page. */
  onProduct?: (box: ProductHitboxView, event: MouseEvent<Element>) => void;
  /** Offers 'Zoom in' on each page (with JavaScript). */
  onZoom?: (page: SpreadPageView) => void;
  /** Touch handlers of the spread (swipe). */
  stageProps?: HTMLAttributes<HTMLDivElement>;
}

/** A plain left click: the app follows it itself (other clicks open tabs as usual). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A hitbox: an SVG link over the page, its rectangle in the page's percent (attributes, not inline
 * styles, which the content security policy refuses).
 */
function HitboxLink({
  box,
  onProduct,
}: {
  box: HitboxView;
  onProduct: SpreadEnhancements["onProduct"];
}) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<Element>) => {
    if (!plainClick(event)) return;
    if (box.kind === "product" && onProduct) onProduct(box, event);
    else {
      event.preventDefault();
      navigate(box.href);
    }
  };
  return (
    <a
      href={box.href}
      className={`hitbox hitbox--${box.kind}`}
      aria-label={box.label}
      onClick={onClick}
    >
      <rect x={box.left} y={box.top} width={box.width} height={box.height} rx={1.2} ry={0.9} />
    </a>
  );
}

/** One page: its picture and its hitboxes laid over it. */
export function CatalogPageFrame({
  page,
  catalogName,
  onProduct,
  className = "",
}: {
  page: SpreadPageView;
  catalogName: string;
  onProduct?: SpreadEnhancements["onProduct"];
  className?: string;
}) {
  return (
    <div className={`catalog-page__frame ${className}`.trim()}>
      <img
        className="catalog-page__image"
        src={page.imageUrl}
        alt={`${catalogName}, page ${page.number}`}
        width={PAGE_IMAGE.width}
        height={PAGE_IMAGE.height}
        decoding="async"
      />
      <svg
        className="catalog-page__hitboxes"
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        role="group"
        aria-label={`Items on page ${page.number}`}
      >
        {page.hitboxes.map((box) => (
          <HitboxLink key={box.id} box={box} onProduct={onProduct} />
        ))}
      </svg>
    </div>
  );
}

export function SpreadView({
  view,
  onProduct,
  onZoom,
  stageProps,
}: { view: CatalogSpreadView } & SpreadEnhancements) {
  const single = view.pages.length === 1;
  return (
    <div className="catalog-viewer">
      <p className="catalog-viewer__small-screen notice">
        {SMALL_SCREEN_MESSAGE} {SMALL_SCREEN_INSTEAD}
      </p>
      <div className="catalog-viewer__stage" {...stageProps}>
        <p className="catalog-viewer__hint">{CATALOG_HINT}</p>
        <section
          className={`catalog-spread${single ? " catalog-spread--single" : ""}`}
          aria-label={view.name}
        >
          {view.pages.map((page) => (
            <figure key={page.number} className="catalog-page">
              <CatalogPageFrame page={page} catalogName={view.catalog.name} onProduct={onProduct} />
              <figcaption className="catalog-page__caption">
                <span>
                  Page {page.number} of {view.catalog.pageCount}
                </span>
                {onZoom ? (
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    onClick={() => onZoom(page)}
                  >
                    Zoom in<span className="visually-hidden"> on page {page.number}</span>
                  </button>
                ) : null}
              </figcaption>
            </figure>
          ))}
        </section>
        <CatalogPagination view={view} />
      </div>
    </div>
  );
}

function CatalogPagination({ view }: { view: CatalogSpreadView }) {
  return (
    <nav className="catalog-pagination" aria-label="Catalog pages">
      {view.previousHref ? (
        <Link to={view.previousHref} className="catalog-pagination__step" rel="prev">
          <span aria-hidden="true">‹</span> Previous
        </Link>
      ) : (
        <span className="catalog-pagination__step" aria-hidden="true" />
      )}
      <ol className="catalog-pagination__items">
        {view.pagination.map((item, index) =>
          item.type === "ellipsis" ? (
            <li key={item.key} className="catalog-pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.key}>
              <PathLink
                to={item.href}
                discover={index === 0}
                className="catalog-pagination__item"
                aria-label={item.name}
                aria-current={item.current ? "page" : undefined}
              >
                {item.label}
              </PathLink>
            </li>
          ),
        )}
      </ol>
      {view.nextHref ? (
        <Link to={view.nextHref} className="catalog-pagination__step" rel="next" prefetch="intent">
          Next <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className="catalog-pagination__step" aria-hidden="true" />
      )}
    </nav>
  );
}
