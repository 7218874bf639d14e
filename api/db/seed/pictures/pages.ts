/**
 * Catalog pages drawn like a printed circular: a coloured masthead, product tiles with shelf prices,
 * and a button to the next page. Tile and button positions come from catalogLayout(), the same
 * layout the seed turns into hitboxes.
 */
import { catalogLayout, PAGE_HEIGHT, PAGE_WIDTH, type CatalogSeed, type PageLayout } from "../catalogs";
import { shelfCents } from "../products";
import type { ProductSeed } from "../types";
import { placeGlyph } from "./glyphs";
import { esc, shelfPrice, svg, wrap } from "./svg";

const PER: Record<ProductSeed["unit"], string> = { pound: "/lb", "dry ounce": "/oz", each: "", rib: "/rib" };

function tile(p: ProductSeed, x: number, y: number): string {
  const cx = x + 135;
  const onSale = p.sale !== undefined;
  const name = wrap(p.name, 24, 2);
  return (
    `<rect x="${x}" y="${y}" width="270" height="285" rx="14" fill="#fff"/>` +
    placeGlyph(p.art, cx - 60, y + 16, 120, p.tint) +
    (onSale ? `<rect x="${x + 12}" y="${y + 12}" width="58" height="24" rx="12" fill="#c0392b"/><text x="${x + 41}" y="${y + 29}" font-size="13" font-weight="700" fill="#fff">SALE</text>` : "") +
    name.map((t, i) => `<text x="${cx}" y="${y + 170 + i * 21}">${esc(t)}</text>`).join("") +
    `<text x="${cx}" y="${y + 252}" font-size="34" font-weight="800" fill="${onSale ? "#c0392b" : "#2d2a26"}">${shelfPrice(shelfCents(p))}${PER[p.unit]}</text>`
  );
}

export function catalogPage(catalog: CatalogSeed, page: PageLayout): string {
  const cover = page.number === 1;
  const head = cover
    ? `<rect width="600" height="230" fill="${catalog.color}"/>` +
      `<text x="300" y="92" font-size="48" font-weight="800" fill="#fff">${esc(catalog.name)}</text>` +
      `<text x="300" y="140" font-size="22" fill="#fff">${esc(catalog.subtitle)}</text>` +
      `<text x="300" y="196" font-size="15" font-weight="700" fill="#fff" letter-spacing="3">HARVEST MARKET</text>`
    : `<rect width="600" height="100" fill="${catalog.color}"/>` +
      `<text x="300" y="62" font-size="30" font-weight="800" fill="#fff">${esc(catalog.name)}</text>`;
  const { box, label } = page.link;
  const body =
    `<rect width="${PAGE_WIDTH}" height="${PAGE_HEIGHT}" fill="#f6f1e7"/>` +
    `<g text-anchor="middle" fill="#2d2a26" font-size="17">${head}${cover ? `<text x="300" y="700" font-size="16" fill="#6b645a">Order online for pickup or delivery</text>` : ""}${page.tiles.map((t) => tile(t.product, t.box.x, t.box.y)).join("")}` +
    `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${box.h / 2}" fill="${catalog.color}"/>` +
    `<text x="${box.x + box.w / 2}" y="${box.y + box.h / 2 + 6}" font-weight="700" fill="#fff">${esc(label)}</text>` +
    `<text x="300" y="792" font-size="12" fill="#8a8276">Page ${page.number} of ${catalog.pages}</text></g>`;
  return svg(PAGE_WIDTH, PAGE_HEIGHT, body, `${catalog.name}, page ${page.number}`);
}

export function catalogPicture(catalog: CatalogSeed, number: number): string | null {
  const page = catalogLayout(catalog).find((p) => p.number === number);
  return page ? catalogPage(catalog, page) : null;
}
