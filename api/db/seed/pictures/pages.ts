/**
 * Catalog pages drawn like a printed circular: a coloured masthead, product tiles with their food
 * pictures and shelf prices, and buttons to other pages. Tile and button positions come from
 * catalogLayout(), the same layout the seed turns into hitboxes.
 */
import {
  catalogLayout,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  TILE_H,
  TILE_W,
  type CatalogSeed,
  type PageLayout,
} from "../catalogs";
import { shelfCents } from "../products";
import type { ProductSeed } from "../types";
import { foodDataUri, productFood } from "./food";
import { esc, lines, shelfPrice, svg, wrap } from "./svg";

const PER: Record<ProductSeed["unit"], string> = {
  pound: "/lb",
  "dry ounce": "/oz",
  each: "",
  rib: "/rib",
};

/**
 * The tiles are drawn in passes (cards and pictures, names, prices, badges) so shared styling sits
 * on one group and the card and SALE badge are defined once. Each food picture a page shows is
 * embedded once and placed on its tiles by reference.
 */
function tiles(page: PageLayout): { defs: string; body: string } {
  const foods = page.tiles.map(({ product }) => productFood(product));
  const distinct = [...new Set(foods.map((f) => f.food))];
  const hues = [...new Set(foods.flatMap((f) => (f.hue ? [f.hue] : [])))];
  const defs =
    distinct
      .map((food, i) => `<image id="f${i}" href="${foodDataUri(food)}" width="84" height="84"/>`)
      .join("") +
    hues
      .map(
        (hue) => `<filter id="h${hue}"><feColorMatrix type="hueRotate" values="${hue}"/></filter>`,
      )
      .join("");
  const cards = page.tiles
    .map(({ box: { x, y } }, i) => {
      const pic = foods[i]!;
      const filter = pic.hue ? ` filter="url(#h${pic.hue})"` : "";
      return `<use href="#c" x="${x}" y="${y}"/><use href="#f${distinct.indexOf(pic.food)}" x="${x + 93}" y="${y + 10}"${filter}/>`;
    })
    .join("");
  const names = page.tiles
    .map(({ product: p, box: { x, y } }) =>
      wrap(p.name, 24, 2)
        .map((t, i) => `<text x="${x + 135}" y="${y + 116 + i * 20}">${esc(t)}</text>`)
        .join(""),
    )
    .join("");
  const prices = page.tiles
    .map(({ product: p, box: { x, y } }) => {
      const sale = p.sale !== undefined ? ` fill="#c0392b"` : "";
      return `<text x="${x + 135}" y="${y + 180}"${sale}>${shelfPrice(shelfCents(p))}${PER[p.unit]}</text>`;
    })
    .join("");
  const badges = page.tiles
    .filter(({ product: p }) => p.sale !== undefined)
    .map(({ box: { x, y } }) => `<use href="#s" x="${x + 12}" y="${y + 12}"/>`)
    .join("");
  return {
    defs,
    body: `${cards}${names}<g font-size="28" font-weight="800">${prices}</g>${badges}`,
  };
}

/** The cover's title: 44 px bold, at most 18 characters a line (about 470 of the page's 600 px). */
export const COVER_TITLE_SIZE = 44;
export const COVER_TITLE_CHARS = 18;

const CARD_AND_BADGE =
  `<rect id="c" width="${TILE_W}" height="${TILE_H}" rx="14" fill="#fff"/>` +
  `<g id="s"><rect width="58" height="24" rx="12" fill="#c0392b"/><text x="29" y="17" font-size="13" font-weight="700" fill="#fff">SALE</text></g>`;

function catalogPage(catalog: CatalogSeed, page: PageLayout): string {
  const cover = page.number === 1;
  // A long name takes two lines on the cover, so it never runs past the page's edges.
  const title = wrap(catalog.name, COVER_TITLE_CHARS, 2);
  const top = title.length > 1 ? 76 : 92;
  const below = top + (title.length - 1) * 50;
  const head = cover
    ? `<rect width="600" height="230" fill="${catalog.color}"/>` +
      `<g font-size="${COVER_TITLE_SIZE}" font-weight="800" fill="#fff">${lines(title, 300, top, 50)}</g>` +
      `<text x="300" y="${below + 46}" font-size="22" fill="#fff">${esc(catalog.subtitle)}</text>` +
      `<text x="300" y="${below + 92}" font-size="15" font-weight="700" fill="#fff" letter-spacing="3">HARVEST MARKET</text>` +
      `<text x="300" y="748" font-size="16" fill="#6b645a">Order online for pickup or delivery</text>`
    : `<rect width="600" height="100" fill="${catalog.color}"/>` +
      `<text x="300" y="62" font-size="30" font-weight="800" fill="#fff">${esc(catalog.name)}</text>`;
  const drawn = tiles(page);
  const buttons = page.links
    .map(
      ({ box, label }) =>
        `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${box.h / 2}" fill="${catalog.color}"/>` +
        `<text x="${box.x + box.w / 2}" y="${box.y + box.h / 2 + 6}" font-weight="700" fill="#fff">${esc(label)}</text>`,
    )
    .join("");
  const body =
    `<defs>${CARD_AND_BADGE}${drawn.defs}</defs><rect width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" fill="#f6f1e7"/>` +
    `<g text-anchor="middle" fill="#2d2a26" font-size="17">${head}${drawn.body}${buttons}` +
    `<text x="300" y="792" font-size="12" fill="#8a8276">Page ${page.number} of ${catalog.pages}</text></g>`;
  // No aria-label here: pages are shown through <img alt>, and the budget goes to the tiles.
  return svg(PAGE_WIDTH, PAGE_HEIGHT, body);
}

export function catalogPicture(catalog: CatalogSeed, number: number): string | null {
  const page = catalogLayout(catalog).find((p) => p.number === number);
  return page ? catalogPage(catalog, page) : null;
}
