/**
 * The catalog viewer's page (…/catalogs/{catalog} and …/catalogs/{catalog}/pages/{page}): the
 * department's catalog read in one call with its pages, hitboxes and their products, turned into
 * the spread that shows the URL's page (spec §2, §9: the cover alone, then two-page spreads), its
 * pagination and the catalog's deals, a page at a time or searched (catalog-deals.ts). An
 * unknown catalog, another department's, or a page it does not have is the 404 page.
 */
import {
  neighbourSpreads,
  paginationWindow,
  spreadLabel,
  spreadName,
  spreadOfPage,
  spreadPages,
  type Spread,
} from "@core/rules/catalog-spread";
import { parseId } from "@core/rules/ids";
import { unitPrice } from "@core/rules/item-configuration";
import { formatMoney } from "@core/rules/money";
import { formatUnit } from "@core/rules/units";
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  catalogPagePath,
  DEAL_QUERY_PARAM,
  productFromCatalogHref,
  type CatalogSpreadView,
  type HitboxView,
} from "~/lib/catalog";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import { dateRange, productPath } from "~/lib/listing";
import { catalogDeals } from "./catalog-deals";
import { ApiNotFoundError, type Catalog, type Department, type Hitbox } from "./api";
import { requireDepartment } from "./department";
import { StorefrontError } from "./route-errors";

const notFound = (cause?: unknown) =>
  new StorefrontError(ERROR_MESSAGES.notFound, 404, cause ? { cause } : undefined);

/** '$2.49 per lb', or '$3.49' for an item sold each. */
function priceWords(price: number, unit: string): string {
  return unit.trim().toLowerCase() === "each"
    ? formatMoney(price)
    : `${formatMoney(price)} per ${formatUnit(unit)}`;
}

function hitboxView(
  box: Hitbox,
  department: Department,
  spreadHref: (page: number) => string,
  here: string,
): HitboxView | null {
  const place = { id: box.id, top: box.top, left: box.left, width: box.width, height: box.height };
  if (box.target.type === "page") {
    const number = box.target.number;
    if (number === null) return null;
    return {
      kind: "page",
      ...place,
      number,
      label: `Go to page ${number}`,
      href: spreadHref(number),
    };
  }
  // A product the department no longer sells has nothing to open: its hitbox is left out.
  const product = box.product?.data;
  if (!product) return null;
  const price = unitPrice(product);
  const priceText = priceWords(price, product.unit_of_measure);
  const productHref = productPath(department.store_id, department.id, product.id);
  return {
    kind: "product",
    ...place,
    productId: product.id,
    name: product.name,
    label: `${product.name}, ${priceText}`,
    priceWords: priceText,
    regularWords: price !== product.srp_amount ? formatMoney(product.srp_amount) : null,
    imageUrl: product.image_url,
    productHref,
    href: productFromCatalogHref(productHref, here),
  };
}

async function requireCatalog(args: LoaderFunctionArgs, department: Department): Promise<Catalog> {
  const catalogId = parseId(args.params.catalog);
  if (catalogId === null) throw notFound();
  const api = args.context.api;
  try {
    const catalog = await api.getCatalogWithHitboxes(catalogId);
    if (catalog.department_id !== department.id) throw notFound();
    return catalog;
  } catch (error) {
    if (error instanceof ApiNotFoundError) throw notFound(error);
    throw error;
  }
}

/**
 * The URL's page number and the spread showing it: none is the cover; anything but a page of the
 * catalog is a 404.
 */
function requireSpread(
  param: string | undefined,
  pageCount: number,
): { page: number; spread: Spread } {
  const number = param === undefined ? 1 : parseId(param);
  const spread = number === null ? null : spreadOfPage(number, pageCount);
  if (number === null || !spread) throw notFound();
  return { page: number, spread };
}

export async function catalogSpreadData(args: LoaderFunctionArgs): Promise<CatalogSpreadView> {
  const department = await requireDepartment(args);
  const catalog = await requireCatalog(args, department);
  const pages = catalog.pages?.data ?? [];
  const pageCount = pages.length;
  const { page: urlPage, spread } = requireSpread(args.params.page, pageCount);
  const spreadHref = (page: number) =>
    catalogPagePath(department.store_id, department.id, catalog.id, page);
  const here = spreadHref(spread.left);

  const views = pages.map((page) => ({
    number: page.number,
    imageUrl: page.image_url,
    hitboxes: (page.hitboxes?.data ?? []).flatMap((box) => {
      // Each product link comes back to the spread it was followed from.
      const view = hitboxView(
        box,
        department,
        spreadHref,
        spreadHref(spreadOfPage(page.number, pageCount)?.left ?? 1),
      );
      return view ? [view] : [];
    }),
  }));
  const shown = spreadPages(spread);
  const { previous, next } = neighbourSpreads(spread, pageCount);
  const imagesOf = (s: Spread | null) =>
    s ? views.filter((p) => spreadPages(s).includes(p.number)).map((p) => p.imageUrl) : [];

  return {
    catalog: {
      id: catalog.id,
      name: catalog.name,
      dates: dateRange(catalog.starts_on, catalog.ends_on),
      pageCount,
    },
    href: here,
    name: spreadName(spread),
    pages: views.filter((p) => shown.includes(p.number)),
    previousHref: previous ? spreadHref(previous.left) : null,
    nextHref: next ? spreadHref(next.left) : null,
    nextImages: imagesOf(next),
    pagination: paginationWindow(spread, pageCount).map((item) =>
      item.type === "ellipsis"
        ? item
        : {
            type: "spread",
            key: `spread-${item.spread.index}`,
            label: spreadLabel(item.spread),
            name: spreadName(item.spread),
            href: spreadHref(item.spread.left),
            current: item.spread.index === spread.index,
          },
    ),
    deals: catalogDeals({
      pages: views,
      page: urlPage,
      spreadPages: shown,
      query: new URL(args.request.url).searchParams.get(DEAL_QUERY_PARAM),
      pageHref: spreadHref,
    }),
  };
}
