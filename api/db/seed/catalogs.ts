/**
 * Catalogs (a weekly circular, a holiday catering book, a cake book) and their page layouts. The
 * layout is shared: the seed turns it into hitboxes and the picture renderer draws the same tiles,
 * so every hitbox sits over the product it opens.
 */
import { PRODUCTS } from "./products";
import type { DepartmentKind, ProductSeed } from "./types";

export interface CatalogSeed {
  key: string;
  name: string;
  kind: DepartmentKind;
  subtitle: string;
  pages: number;
  /** Header colour of the pages. */
  color: string;
  /** Days relative to the seeding day; the weekly circular follows the brand's circular week instead. */
  window: "circular-week" | { fromDays: number; toDays: number };
}

export const CATALOGS: CatalogSeed[] = [
  {
    key: "weekly-circular",
    name: "Weekly Circular",
    kind: "grocery",
    subtitle: "This week's best deals",
    pages: 16,
    color: "#c0392b",
    window: "circular-week",
  },
  {
    key: "holiday-entertaining",
    name: "Holiday Entertaining",
    kind: "catering",
    subtitle: "Platters, dinners & party packs",
    pages: 8,
    color: "#2f6b3f",
    window: { fromDays: -7, toDays: 60 },
  },
  {
    key: "celebration-cakes",
    name: "Celebration Cakes & Treats",
    kind: "bakery",
    subtitle: "Made to order in our bakery",
    pages: 8,
    color: "#b0457a",
    window: { fromDays: -14, toDays: 90 },
  },
];

export const PAGE_WIDTH = 600;
export const PAGE_HEIGHT = 800;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface PageLayout {
  number: number;
  tiles: { product: ProductSeed; box: Box }[];
  /** Buttons that jump to another page. */
  links: { label: string; toPage: number; box: Box }[];
}

export const TILE_W = 270;
export const TILE_H = 195;
const COLUMNS = [20, 310];
/** Six products on an inner page, four under the cover's masthead. */
const INNER_ROWS = [112, 316, 520];
const COVER_ROWS = [244, 448];
const WIDE_BUTTON = { x: 170, y: 734, w: 260, h: 44 };

/** Products a catalog features, in order: on-sale and sticky ones first, then the rest by sku. */
function featured(kind: DepartmentKind): ProductSeed[] {
  const rank = (p: ProductSeed) => (p.sale !== undefined ? 0 : p.sticky ? 1 : 2);
  return PRODUCTS.filter((p) => p.kind === kind).sort(
    (a, b) => rank(a) - rank(b) || a.sku.localeCompare(b.sku),
  );
}

export function catalogLayout(catalog: CatalogSeed): PageLayout[] {
  const products = featured(catalog.kind);
  let next = 0;
  const take = () => products[next++ % products.length] as ProductSeed;
  const pages: PageLayout[] = [];
  for (let number = 1; number <= catalog.pages; number++) {
    const cover = number === 1;
    const rows = cover ? COVER_ROWS : INNER_ROWS;
    const tiles = rows.flatMap((y) =>
      COLUMNS.map((x) => ({ product: take(), box: { x, y, w: TILE_W, h: TILE_H } })),
    );
    const last = number === catalog.pages;
    // The cover leads inside and to the last page's deals: six hitboxes, as on inner pages.
    const links = cover
      ? [
          { label: "See the deals inside ›", toPage: 2, box: { x: 20, y: 656, w: 270, h: 48 } },
          {
            label: "Last page deals ›",
            toPage: catalog.pages,
            box: { x: 310, y: 656, w: 270, h: 48 },
          },
        ]
      : last
        ? [{ label: "‹ Back to the cover", toPage: 1, box: WIDE_BUTTON }]
        : [{ label: `Continue to page ${number + 1} ›`, toPage: number + 1, box: WIDE_BUTTON }];
    pages.push({ number, tiles, links });
  }
  return pages;
}

export const CATALOG_BY_KEY = new Map(CATALOGS.map((c) => [c.key, c]));

/** A box in percent of the page, as hitboxes store it. */
export function percentBox(box: Box) {
  const pct = (v: number, of: number) => Math.round((v / of) * 10000) / 100;
  return {
    top: pct(box.y, PAGE_HEIGHT),
    left: pct(box.x, PAGE_WIDTH),
    width: pct(box.w, PAGE_WIDTH),
    height: pct(box.h, PAGE_HEIGHT),
  };
}
