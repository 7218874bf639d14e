/** Small helpers for writing safe, compact SVG text. */
import { formatMoney } from "@core/rules/money";

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for SVG content and attribute values. */
export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const FONT = "system-ui,-apple-system,Segoe UI,Roboto,sans-serif";

/** The outer element; the font is set once here and inherited by every text. */
export function svg(width: number, height: number, body: string, label?: string): string {
  const aria = label ? ` role="img" aria-label="${esc(label)}"` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${FONT}"${aria}>${body}</svg>`;
}

/** Splits text into at most `maxLines` lines of about `width` characters, with an ellipsis if cut. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${(kept[maxLines - 1] ?? "").slice(0, Math.max(1, width - 1))}…`;
  return kept;
}

/** Centred text lines starting at baseline y. */
export function lines(texts: string[], x: number, y: number, lineHeight: number): string {
  return texts.map((t, i) => `<text x="${x}" y="${y + i * lineHeight}">${esc(t)}</text>`).join("");
}

/** Soft backgrounds used behind product and category pictures. */
const PASTELS = [
  "#fdf0e1",
  "#e9f4ea",
  "#eaf1fb",
  "#fbeaea",
  "#f3ecfa",
  "#fff6d9",
  "#e6f5f3",
  "#f7efe6",
] as const;

export function pastel(n: number): string {
  return PASTELS[n % PASTELS.length] ?? PASTELS[0];
}

/** Prices as the shelf tag shows them: $3.99 or 69¢. */
export function shelfPrice(cents: number): string {
  if (cents < 100) return `${cents}¢`;
  return formatMoney(cents);
}
