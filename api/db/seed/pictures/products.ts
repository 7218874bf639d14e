/**
 * Product, category and coupon pictures: a soft tinted background and the product's food picture
 * (food.ts), framed differently for each of a product's views.
 */
import { hash32 } from "../prng";
import type { CategorySeed, ProductSeed } from "../types";
import { categoryFood, GLYPH_FOOD, placeFood, productFood } from "./food";
import { glyphColor, type Glyph } from "./glyphs";
import { esc, lines, pastel, svg, wrap } from "./svg";

/** What each of a product's pictures shows; its alt text adds this to the name. */
const IMAGE_VIEWS = ["", "package", "close-up", "served", "details"] as const;

export function productAltText(p: ProductSeed, n: number): string {
  const view = IMAGE_VIEWS[n - 1];
  return view ? `${p.name}, ${view}` : p.name;
}

const UNIT_LABEL: Record<ProductSeed["unit"], string> = {
  pound: "Sold by the pound",
  "dry ounce": "Sold by the dry ounce",
  each: "Sold each",
  rib: "Priced per rib",
};

const INK = "#2d2a26";
const MUTED = "#6b645a";

export function productPicture(p: ProductSeed, n: number): string {
  const seed = hash32(p.sku);
  const accent = p.tint ?? glyphColor(p.art);
  const bg = pastel(seed + n);
  const food = productFood(p);
  let body: string;
  switch (n) {
    case 2: {
      // Package view: a white label card with the brand band and the name.
      const name = wrap(p.name, 20, 3);
      body =
        `<rect width="400" height="400" fill="${bg}"/><rect x="60" y="36" width="280" height="328" rx="22" fill="#fff"/>` +
        `<path d="M60 58a22 22 0 0 1 22-22h236a22 22 0 0 1 22 22v42H60z" fill="${accent}"/>` +
        `<text x="200" y="75" font-size="14" font-weight="600" fill="#fff" text-anchor="middle" letter-spacing=".5">${esc(p.hideBrand ? "HARVEST MARKET" : p.brand.toUpperCase())}</text>` +
        placeFood(food, 130, 104, 140) +
        `<g font-size="21" font-weight="700" fill="${INK}" text-anchor="middle">${lines(name, 200, 282, 26)}</g>`;
      break;
    }
    case 3:
      // Close-up: the food large and cropped.
      body = `<rect width="400" height="400" fill="${pastel(seed + 3)}"/>${placeFood(food, -40, -30, 480)}`;
      break;
    case 4:
      // Served on a plate.
      body =
        `<rect width="400" height="400" fill="${bg}"/><circle cx="200" cy="205" r="160" fill="#fff"/>` +
        `<circle cx="200" cy="205" r="124" fill="none" stroke="#ece7de" stroke-width="6"/>${placeFood(food, 95, 100, 210)}`;
      break;
    case 5: {
      // Details card: brand, name, variation and how it is sold.
      const name = wrap(p.name, 22, 2);
      const extra = wrap(p.variation ?? UNIT_LABEL[p.unit], 34, 2);
      body =
        `<rect width="400" height="400" fill="${bg}"/><rect x="36" y="36" width="328" height="328" rx="22" fill="#fff"/>` +
        placeFood(food, 262, 50, 84) +
        `<text x="64" y="92" font-size="15" font-weight="600" fill="${accent}" letter-spacing="1">${esc(p.hideBrand ? "HARVEST MARKET" : p.brand.toUpperCase())}</text>` +
        `<g font-size="24" font-weight="700" fill="${INK}">${name.map((t, i) => `<text x="64" y="${180 + i * 30}">${esc(t)}</text>`).join("")}</g>` +
        `<g font-size="17" fill="${MUTED}">${extra.map((t, i) => `<text x="64" y="${270 + i * 24}">${esc(t)}</text>`).join("")}</g>` +
        `<rect x="64" y="318" width="120" height="6" rx="3" fill="${accent}"/>`;
      break;
    }
    default:
      // Hero: the food on a soft background with a shadow.
      body =
        `<rect width="400" height="400" fill="${bg}"/><ellipse cx="200" cy="340" rx="124" ry="16" fill="#000" opacity=".07"/>` +
        placeFood(food, 60, 50, 280);
  }
  return svg(400, 400, body, productAltText(p, n));
}

export function categoryPicture(c: CategorySeed): string {
  const bg = pastel(hash32(c.key));
  const body =
    `<rect width="400" height="300" fill="${bg}"/><circle cx="200" cy="150" r="118" fill="#fff" opacity=".6"/>` +
    `<circle cx="58" cy="62" r="18" fill="#fff" opacity=".5"/><circle cx="350" cy="246" r="26" fill="#fff" opacity=".5"/>` +
    placeFood(categoryFood(c), 105, 55, 190);
  return svg(400, 300, body, c.name);
}

export function categoryIcon(c: CategorySeed): string {
  const body = `<circle cx="48" cy="48" r="48" fill="${pastel(hash32(c.key))}"/>${placeFood(categoryFood(c), 16, 16, 64)}`;
  return svg(96, 96, body, c.name);
}

export function couponPicture(art: Glyph, headline: string, brand: string): string {
  const body =
    `<rect x="4" y="4" width="292" height="292" rx="18" fill="#fff" stroke="#2f7d4f" stroke-width="3" stroke-dasharray="10 6"/>` +
    placeFood({ food: GLYPH_FOOD[art] }, 85, 30, 130) +
    `<text x="150" y="210" font-size="34" font-weight="800" fill="#c0392b" text-anchor="middle">${esc(headline)}</text>` +
    `<text x="150" y="248" font-size="17" fill="${MUTED}" text-anchor="middle">${esc(brand)}</text>`;
  return svg(300, 300, body, `${headline} on ${brand}`);
}
