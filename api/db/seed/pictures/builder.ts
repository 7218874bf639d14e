/**
 * Cake builder pictures. Every layer shares one 400×300 canvas with a transparent background, so
 * the storefront can stack base, icing, border, decoration and photo in any combination.
 * Names: `{shape}-base`, `{shape}-icing-{colour}`, `{shape}-border-{colour}`,
 * `{shape}-decor-{decoration}`, `{shape}-photo-{placement}`, and `thumb-…` swatches for choices.
 */
import {
  BORDER_COLORS,
  CAKE_SHAPES,
  DECORATIONS,
  ICING_COLORS,
  PHOTO_PLACEMENTS,
  type BorderColor,
  type IcingColor,
} from "../facets";
import { placeGlyph } from "./glyphs";
import { svg } from "./svg";

type Shape = (typeof CAKE_SHAPES)[number];

/** The cake's top face: an ellipse (round) or a rounded rectangle (sheet), and its side. */
const ROUND = { cx: 200, cy: 128, rx: 140, ry: 46, depth: 70 };
const SHEET = { x: 40, y: 78, w: 320, h: 110, r: 16, depth: 60 };

function top(shape: Shape, fill: string): string {
  return shape === "round"
    ? `<ellipse cx="${ROUND.cx}" cy="${ROUND.cy}" rx="${ROUND.rx}" ry="${ROUND.ry}" fill="${fill}"/>`
    : `<rect x="${SHEET.x}" y="${SHEET.y}" width="${SHEET.w}" height="${SHEET.h}" rx="${SHEET.r}" fill="${fill}"/>`;
}

function side(shape: Shape, fill: string): string {
  if (shape === "round") {
    const { cx, cy, rx, ry, depth } = ROUND;
    return `<path d="M${cx - rx} ${cy}v${depth}a${rx} ${ry} 0 0 0 ${2 * rx} 0v-${depth}z" fill="${fill}"/>`;
  }
  const { x, y, w, h, r, depth } = SHEET;
  return `<rect x="${x}" y="${y + h / 2}" width="${w}" height="${h / 2 + depth}" rx="${r}" fill="${fill}"/>`;
}

function base(shape: Shape): string {
  const plate =
    shape === "round"
      ? `<ellipse cx="200" cy="206" rx="186" ry="58" fill="#e7e5e4"/><ellipse cx="200" cy="202" rx="172" ry="50" fill="#f5f5f4"/>`
      : `<rect x="14" y="96" width="372" height="176" rx="22" fill="#e7e5e4"/><rect x="22" y="102" width="356" height="162" rx="18" fill="#f5f5f4"/>`;
  return plate + side(shape, "#f1dfbf") + top(shape, "#fbf3e4");
}

function icing(shape: Shape, color: IcingColor): string {
  const hex = ICING_COLORS[color].hex;
  // The side is drawn a touch darker so the top reads as a surface.
  return (
    side(shape, hex) +
    side(shape, shape === "round" ? "rgba(0,0,0,.07)" : "rgba(0,0,0,.14)") +
    top(shape, hex)
  );
}

/** Points around the top edge (and the bottom edge) where border dollops sit. */
function edgePoints(shape: Shape): [number, number][] {
  const points: [number, number][] = [];
  if (shape === "round") {
    const { cx, cy, rx, ry, depth } = ROUND;
    for (let i = 0; i < 20; i++) {
      const a = (i / 20) * 2 * Math.PI;
      points.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
      if (Math.sin(a) > 0.05) points.push([cx + rx * Math.cos(a), cy + depth + ry * Math.sin(a)]);
    }
    return points;
  }
  const { x, y, w, h, depth } = SHEET;
  for (let i = 0; i <= 12; i++) {
    const px = x + 10 + (i * (w - 20)) / 12;
    points.push([px, y + 6], [px, y + h - 4], [px, y + h + depth - 2]);
  }
  for (let j = 1; j < 4; j++) points.push([x + 8, y + (j * h) / 4], [x + w - 8, y + (j * h) / 4]);
  return points;
}

function border(shape: Shape, color: BorderColor): string {
  const hex = BORDER_COLORS[color];
  const dots = edgePoints(shape)
    .map(([px, py]) => `<circle cx="${Math.round(px)}" cy="${Math.round(py)}" r="8"/>`)
    .join("");
  return `<g fill="${hex}" stroke="rgba(0,0,0,.12)" stroke-width="1.5">${dots}</g>`;
}

const center = (shape: Shape): [number, number] =>
  shape === "round" ? [ROUND.cx, ROUND.cy] : [SHEET.x + SHEET.w / 2, SHEET.y + SHEET.h / 2];

const flower = (x: number, y: number, petal: string) =>
  `<g fill="${petal}">${[0, 72, 144, 216, 288]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      return `<circle cx="${Math.round(x + 9 * Math.cos(a))}" cy="${Math.round(y + 5 * Math.sin(a))}" r="7"/>`;
    })
    .join("")}</g><circle cx="${x}" cy="${y}" r="5" fill="#f6c945"/>`;

const star = (x: number, y: number, r: number, fill: string) => {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    const rr = i % 2 ? r / 2.3 : r;
    return `${Math.round(x + rr * Math.cos(a))},${Math.round(y + rr * Math.sin(a) * 0.7)}`;
  }).join(" ");
  return `<polygon points="${pts}" fill="${fill}"/>`;
};

function decoration(shape: Shape, kind: (typeof DECORATIONS)[number]): string {
  const [cx, cy] = center(shape);
  const spread = shape === "round" ? 80 : 110;
  switch (kind) {
    case "balloons":
      return [-1, 0, 1]
        .map((k, i) =>
          placeGlyph(
            "balloon",
            cx + k * spread * 0.7 - 30,
            cy - 95 + (i === 1 ? -12 : 0),
            60,
            ["#e85a9b", "#5fa8d3", "#f6c945"][i],
          ),
        )
        .join("");
    case "flowers":
      return [
        [cx - spread, cy - 6],
        [cx - spread / 2, cy + 18],
        [cx + spread / 2, cy + 18],
        [cx + spread, cy - 6],
      ]
        .map(([x, y], i) =>
          flower(Math.round(x ?? 0), Math.round(y ?? 0), i % 2 ? "#f28fb5" : "#c77dff"),
        )
        .join("");
    case "stars":
      return (
        star(cx - spread * 0.7, cy - 8, 16, "#f6c945") +
        star(cx + spread * 0.7, cy + 4, 14, "#5fa8d3") +
        star(cx, cy - 22, 12, "#e85a9b") +
        [
          [-50, 18, "#6abf4b"],
          [40, -24, "#e85a9b"],
          [70, 22, "#f6c945"],
          [-80, -20, "#5fa8d3"],
        ]
          .map(
            ([dx, dy, c]) =>
              `<rect x="${cx + Number(dx)}" y="${cy + Number(dy)}" width="8" height="4" rx="1" fill="${c}" transform="rotate(30 ${cx + Number(dx)} ${cy + Number(dy)})"/>`,
          )
          .join("")
      );
  }
}

/** A photo print on the cake's top, foreshortened like the top face. */
function photo(shape: Shape, placement: (typeof PHOTO_PLACEMENTS)[number]): string {
  const [cx, cy] = center(shape);
  const offset =
    placement === "center" ? 0 : (placement === "left" ? -1 : 1) * (shape === "round" ? 60 : 90);
  const x = cx + offset - 48;
  return (
    `<g transform="translate(${x} ${cy - 30})scale(1 .62)"><rect width="96" height="96" rx="6" fill="#fff" stroke="#d6d3d1" stroke-width="3"/>` +
    `<rect x="8" y="8" width="80" height="80" fill="#cfe8f3"/><circle cx="66" cy="28" r="9" fill="#f6c945"/>` +
    `<path d="M8 88l26-34 18 20 12-12 24 26z" fill="#5a9e3a"/></g>`
  );
}

function thumb(kind: string, value: string): string | null {
  const frame = (inner: string) =>
    svg(
      120,
      120,
      `<circle cx="60" cy="60" r="56" fill="#faf7f2" stroke="#e7e5e4" stroke-width="2"/>${inner}`,
    );
  if (kind === "icing" && value in ICING_COLORS) {
    return frame(
      `<circle cx="60" cy="60" r="38" fill="${ICING_COLORS[value as IcingColor].hex}" stroke="rgba(0,0,0,.12)" stroke-width="2"/>`,
    );
  }
  if (kind === "border" && value in BORDER_COLORS) {
    const hex = BORDER_COLORS[value as BorderColor];
    const dots = Array.from({ length: 12 }, (_, i) => {
      const a = (i / 12) * 2 * Math.PI;
      return `<circle cx="${Math.round(60 + 36 * Math.cos(a))}" cy="${Math.round(60 + 36 * Math.sin(a))}" r="8"/>`;
    }).join("");
    return frame(`<g fill="${hex}" stroke="rgba(0,0,0,.15)" stroke-width="1.5">${dots}</g>`);
  }
  if (kind === "decor") {
    if (value === "none")
      return frame(
        `<circle cx="60" cy="60" r="30" fill="none" stroke="#a8a29e" stroke-width="5"/><path d="M39 81l42-42" stroke="#a8a29e" stroke-width="5"/>`,
      );
    if (value === "balloons") return frame(placeGlyph("balloon", 24, 22, 72));
    if (value === "flowers") return frame(flower(46, 56, "#c77dff") + flower(74, 66, "#f28fb5"));
    if (value === "stars") return frame(star(60, 62, 34, "#f6c945"));
    if (value === "photo")
      return frame(
        photo("round", "center").replace(
          /translate\([^)]*\)scale\(1 \.62\)/,
          "translate(30 34)scale(.62)",
        ),
      );
  }
  if (kind === "photo" && (PHOTO_PLACEMENTS as readonly string[]).includes(value)) {
    const x = value === "left" ? 26 : value === "right" ? 62 : 44;
    return frame(
      `<rect x="22" y="34" width="76" height="52" rx="6" fill="#fff" stroke="#d6d3d1" stroke-width="2"/><rect x="${x}" y="44" width="32" height="32" rx="3" fill="#5fa8d3"/>`,
    );
  }
  return null;
}

/** The picture for a builder name, or null when the name is not one of ours. */
export function builderPicture(name: string): string | null {
  const t = /^thumb-(icing|border|decor|photo)-([a-z]+)$/.exec(name);
  if (t) return thumb(t[1] ?? "", t[2] ?? "");
  const m = /^(round|sheet)-(base|icing|border|decor|photo)(?:-([a-z]+))?$/.exec(name);
  if (!m) return null;
  const shape = m[1] as Shape;
  const part = m[2];
  const value = m[3];
  const canvas = (body: string) => svg(400, 300, body);
  if (part === "base") return value === undefined ? canvas(base(shape)) : null;
  if (value === undefined) return null;
  if (part === "icing" && value in ICING_COLORS) return canvas(icing(shape, value as IcingColor));
  if (part === "border" && value in BORDER_COLORS)
    return canvas(border(shape, value as BorderColor));
  if (part === "decor" && (DECORATIONS as readonly string[]).includes(value)) {
    return canvas(decoration(shape, value as (typeof DECORATIONS)[number]));
  }
  if (part === "photo" && (PHOTO_PLACEMENTS as readonly string[]).includes(value)) {
    return canvas(photo(shape, value as (typeof PHOTO_PLACEMENTS)[number]));
  }
  return null;
}
