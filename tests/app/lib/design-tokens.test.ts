/**
 * The design tokens keep their contrast promises (WCAG 2.2 AA): text colours at least 4.5:1 and a
 * control's edge at least 3:1 (1.4.11: a shopper must see where a field or choice tile is) on each
 * surface they sit on. Read from the stylesheet itself, so a new shade is checked as it lands.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const tokens = readFileSync(new URL("../../../app/styles/tokens.css", import.meta.url), "utf8");

function token(name: string): string {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})\\s*;`, "i").exec(tokens)?.[1];
  if (!value) throw new Error(`no hex colour --${name} in tokens.css`);
  return value;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const SURFACES = ["color-surface", "color-page", "color-brand-soft"];

describe("design tokens", () => {
  it.each(SURFACES)("a control's edge is at least 3:1 on --%s", (surface) => {
    expect(contrast(token("color-border-strong"), token(surface))).toBeGreaterThanOrEqual(3);
  });

  it.each(SURFACES)("body and muted text are at least 4.5:1 on --%s", (surface) => {
    for (const text of ["color-text", "color-text-muted"])
      expect(contrast(token(text), token(surface)), text).toBeGreaterThanOrEqual(4.5);
  });
});
