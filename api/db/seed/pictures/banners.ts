/** The brand logo, department and shortcut pictures, and alert images. */
import { ALERT_IMAGES } from "../alerts";
import { PSEUDO_DEPARTMENTS } from "../pseudo-departments";
import type { DepartmentKind } from "../types";
import { DEPARTMENT_FOOD, placeFood } from "./food";
import { placeGlyph } from "./glyphs";
import { esc, svg, wrap } from "./svg";

const BRAND_GREEN = "#2f7d4f";

export function brandLogo(): string {
  const body =
    `<circle cx="32" cy="32" r="30" fill="${BRAND_GREEN}"/>${placeGlyph("wheat", 9, 8, 46, "#f6d58a")}` +
    `<text x="72" y="31" font-size="25" font-weight="800" fill="${BRAND_GREEN}">Harvest</text>` +
    `<text x="73" y="52" font-size="13" font-weight="700" fill="#c0762b" letter-spacing="4.2">MARKET</text>`;
  return svg(200, 64, body, "Harvest Market");
}

/** The background of each department's and shortcut's picture. */
const BANNER_BACKGROUNDS: Record<string, string> = {
  deli: "#fbe9e4",
  bakery: "#fbf1de",
  meat: "#f8e5e2",
  grocery: "#e6f2ec",
  catering: "#eaf2e3",
  floral: "#f6e8f3",
  thanksgiving: "#fdf0e1",
  "birthday-cakes": "#f3ecfa",
  "game-day": "#eaf1fb",
};

const BANNER_TITLES: Record<string, string> = {
  ...({
    deli: "Deli",
    bakery: "Bakery",
    meat: "Meat & Seafood",
    grocery: "Grocery",
    catering: "Catering",
    floral: "Floral",
  } satisfies Record<DepartmentKind, string>),
  ...Object.fromEntries(PSEUDO_DEPARTMENTS.map((p) => [p.key, p.name])),
};

/**
 * A 600×300 picture for a department kind or a shortcut key: its own main food between two
 * smaller ones. No words: the card under it names the department, once.
 */
export function departmentBanner(key: string): string | null {
  const foods = DEPARTMENT_FOOD[key];
  const title = BANNER_TITLES[key];
  if (!foods || !title) return null;
  const [main, left, right] = foods;
  const body =
    `<rect width="600" height="300" fill="${BANNER_BACKGROUNDS[key] ?? "#fdf0e1"}"/>` +
    `<ellipse cx="300" cy="262" rx="230" ry="18" fill="#000" opacity=".06"/>` +
    placeFood({ food: left }, 70, 118, 150) +
    placeFood({ food: right }, 380, 118, 150) +
    placeFood({ food: main }, 185, 28, 230);
  return svg(600, 300, body, title);
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
