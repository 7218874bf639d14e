/** The brand logo, department and shortcut banners, and alert images. */
import { ALERT_IMAGES } from "../alerts";
import { PSEUDO_DEPARTMENTS } from "../pseudo-departments";
import type { DepartmentKind } from "../types";
import { placeGlyph, type Glyph } from "./glyphs";
import { esc, svg, wrap } from "./svg";

export const BRAND_GREEN = "#2f7d4f";

export function brandLogo(): string {
  const body =
    `<circle cx="32" cy="32" r="30" fill="${BRAND_GREEN}"/>${placeGlyph("wheat", 9, 8, 46, "#f6d58a")}` +
    `<text x="72" y="31" font-size="25" font-weight="800" fill="${BRAND_GREEN}">Harvest</text>` +
    `<text x="73" y="52" font-size="13" font-weight="700" fill="#c0762b" letter-spacing="4.2">MARKET</text>`;
  return svg(200, 64, body, "Harvest Market");
}

interface Banner {
  title: string;
  line: string;
  art: Glyph;
  bg: string;
}

const DEPARTMENT_BANNERS: Record<DepartmentKind, Banner> = {
  deli: { title: "Deli", line: "Sliced to order", art: "sandwich", bg: "#fbe9e4" },
  bakery: { title: "Bakery", line: "Cakes decorated your way", art: "cake", bg: "#fbf1de" },
  meat: { title: "Meat & Seafood", line: "Hand cut, every day", art: "steak", bg: "#f8e5e2" },
  grocery: {
    title: "Grocery",
    line: "Your weekly shop, picked for you",
    art: "basket",
    bg: "#e6f2ec",
  },
  catering: { title: "Catering", line: "Platters for every party", art: "platter", bg: "#eaf2e3" },
  floral: { title: "Floral", line: "Flowers for every occasion", art: "bouquet", bg: "#f6e8f3" },
};

const BANNERS: Record<string, Banner> = {
  ...DEPARTMENT_BANNERS,
  ...Object.fromEntries(
    PSEUDO_DEPARTMENTS.map((p) => [
      p.key,
      { title: p.name, line: p.caption, art: p.art, bg: "#fdf0e1" } satisfies Banner,
    ]),
  ),
};

/** A 600×300 banner for a department kind or a shortcut key. */
export function departmentBanner(key: string): string | null {
  const b = BANNERS[key];
  if (!b) return null;
  // Long titles take two lines so they never run under the picture on the right.
  const title = wrap(b.title, 13, 2);
  const caption = wrap(b.line, 26, 2);
  const captionY = 96 + title.length * 44;
  const body =
    `<rect width="600" height="300" fill="${b.bg}"/><circle cx="452" cy="150" r="128" fill="#fff" opacity=".65"/>` +
    placeGlyph(b.art, 352, 50, 200) +
    `<g font-size="36" font-weight="800" fill="#2d2a26">${title.map((t, i) => `<text x="40" y="${100 + i * 44}">${esc(t)}</text>`).join("")}</g>` +
    `<g font-size="20" fill="#5b554c">${caption.map((t, i) => `<text x="40" y="${captionY + i * 26}">${esc(t)}</text>`).join("")}</g>` +
    `<rect x="40" y="${captionY + caption.length * 26}" width="72" height="6" rx="3" fill="${BRAND_GREEN}"/>`;
  return svg(600, 300, body, b.title);
}

export function alertPicture(key: string): string | null {
  const a = ALERT_IMAGES[key];
  if (!a) return null;
  const body =
    `<rect width="600" height="300" fill="${BRAND_GREEN}"/><circle cx="480" cy="150" r="110" fill="#fff" opacity=".12"/>` +
    placeGlyph("car", 400, 70, 160, "#f6d58a") +
    `<g font-size="34" font-weight="800" fill="#fff">${wrap(a.title, 17, 2)
      .map((t, i) => `<text x="40" y="${96 + i * 40}">${esc(t)}</text>`)
      .join("")}</g>` +
    `<g font-size="19" fill="#e6f2ec">${wrap(a.line, 32, 2)
      .map((t, i) => `<text x="40" y="${180 + i * 24}">${esc(t)}</text>`)
      .join("")}</g>` +
    `<text x="40" y="256" font-size="15" font-weight="700" fill="#f6d58a" letter-spacing="2">HARVEST MARKET</text>`;
  return svg(600, 300, body, a.title);
}
