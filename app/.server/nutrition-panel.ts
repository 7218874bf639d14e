/**
 * The nutrition facts panel (spec §2 "nutrition facts panel"): the API's nutrition answer names an
 * HTML fragment (a table of facts). The storefront reads its caption and rows as plain text and
 * renders them itself, so no markup from elsewhere reaches the page.
 */
import type { SharedAnswers } from "./api/shared-answers";
import { processSharedAnswers } from "./api-use";
import { storefrontConfig } from "./config";
import { describeError, logWarning } from "./log";
import { htmlToText } from "./sanitize-html";

export interface NutritionPanel {
  caption: string;
  rows: { label: string; value: string }[];
}

const PANEL_TIMEOUT_MS = 5_000;
const MAX_PANEL_BYTES = 64 * 1024;

/** The caption and label/value rows of a facts table; null when it holds none. */
export function readNutritionPanel(html: string): NutritionPanel | null {
  const caption = /<caption\b[^>]*>([\s\S]*?)<\/caption>/i.exec(html)?.[1];
  const rows: NutritionPanel["rows"] = [];
  for (const row of html.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi)) {
    const cells = [...(row[1] ?? "").matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/gi)].map((c) =>
      htmlToText(c[1] ?? ""),
    );
    const [label, value] = cells;
    if (label && value !== undefined) rows.push({ label, value });
  }
  if (rows.length === 0) return null;
  return { caption: caption ? htmlToText(caption) : "Nutrition Facts", rows };
}

/** What the shared answers keep for a panel's URL: `panel` is null when the API has none. */
interface KeptPanel {
  panel: NutritionPanel | null;
}

/**
 * The panel at `url` (relative to the API's host); null when there is none or it cannot be read.
 * A panel is public and alike for every shopper (the API marks it cacheable), so one read is kept
 * with the shared answers (SHARED_CACHE_SECONDS): a product page viewed again does not ask the API
 * for it again. A failed read is not kept; the next view tries again.
 */
export async function fetchNutritionPanel(
  url: string,
  shared: SharedAnswers = processSharedAnswers(),
): Promise<NutritionPanel | null> {
  try {
    const target = new URL(url, storefrontConfig().apiUrl);
    if (target.protocol !== "http:" && target.protocol !== "https:") return null;
    const kept = await shared.get(`nutrition-panel|${target.href}`, () => readPanelAt(target));
    return kept.panel;
  } catch (error) {
    logWarning("Nutrition panel unavailable", { url, ...describeError(error) });
    return null;
  }
}

async function readPanelAt(target: URL): Promise<KeptPanel> {
  const response = await fetch(target, {
    headers: { accept: "text/html" },
    signal: AbortSignal.timeout(PANEL_TIMEOUT_MS),
  });
  // No panel for this product is an answer like any other; any other refusal is a failure.
  if (response.status === 404) return { panel: null };
  if (!response.ok) throw new Error(`the panel answered ${response.status}`);
  const html = await response.text();
  return { panel: readNutritionPanel(html.slice(0, MAX_PANEL_BYTES)) };
}
