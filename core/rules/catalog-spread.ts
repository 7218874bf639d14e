/**
 * How a printed catalog is shown (spec §2, §9): the cover alone as page 1, then two-page spreads
 * (2–3, 4–5, …), so a catalog of n pages has ⌊n / 2⌋ + 1 spreads (about half its pages plus 1).
 * Turning moves by two pages: the next spread's left page is this one's left page plus 2. The
 * pagination lists spreads: the first and the last, the 5 near the current one and ellipses.
 */

/** Pagination items near the current spread (spec §9). */
const NEAR_SPREADS = 5;

export interface Spread {
  /** 1 for the cover, then 2, 3, … */
  index: number;
  /** The page shown on the left (the cover alone for spread 1). */
  left: number;
  /** The page on the right, or null (the cover, or a last page left alone). */
  right: number | null;
}

/** How many spreads a catalog of `pageCount` pages has (0 without pages). */
export function spreadCount(pageCount: number): number {
  return pageCount < 1 ? 0 : Math.floor(pageCount / 2) + 1;
}

/** The spread by its index (1-based), or null outside the catalog. */
export function spreadAt(index: number, pageCount: number): Spread | null {
  if (!Number.isInteger(index) || index < 1 || index > spreadCount(pageCount)) return null;
  if (index === 1) return { index: 1, left: 1, right: null };
  const left = index * 2 - 2;
  const right = left + 1;
  return { index, left, right: right <= pageCount ? right : null };
}

/** The spread that shows page `page`, or null when the catalog has no such page. */
export function spreadOfPage(page: number, pageCount: number): Spread | null {
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return spreadAt(page === 1 ? 1 : Math.floor(page / 2) + 1, pageCount);
}

/** The pages a spread shows, left first. */
export function spreadPages(spread: Spread): number[] {
  return spread.right === null ? [spread.left] : [spread.left, spread.right];
}

/** The spreads before and after, null at either end (turning does not wrap). */
export function neighbourSpreads(spread: Spread, pageCount: number) {
  return {
    previous: spreadAt(spread.index - 1, pageCount),
    next: spreadAt(spread.index + 1, pageCount),
  };
}

export type PaginationItem = { type: "spread"; spread: Spread } | { type: "ellipsis"; key: string };

/**
 * The pagination of a catalog at `current`: the first and last spreads always, the NEAR_SPREADS
 * spreads around the current one (kept whole near either end), and an ellipsis for each gap.
 */
export function paginationWindow(current: Spread, pageCount: number): PaginationItem[] {
  const count = spreadCount(pageCount);
  const size = Math.min(NEAR_SPREADS, count);
  const start = Math.min(Math.max(1, current.index - Math.floor(size / 2)), count - size + 1);
  const shown = new Set<number>([1, count]);
  for (let i = start; i < start + size; i++) shown.add(i);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const index of [...shown].sort((a, b) => a - b)) {
    if (index - previous > 1) items.push({ type: "ellipsis", key: `gap-${previous}` });
    const spread = spreadAt(index, pageCount);
    if (spread) items.push({ type: "spread", spread });
    previous = index;
  }
  return items;
}

/** A spread's label: '1', '2–3', or a last page alone ('10'). */
export function spreadLabel(spread: Spread): string {
  return spread.right === null ? `${spread.left}` : `${spread.left}–${spread.right}`;
}

/** A spread's accessible name: 'Page 1', 'Pages 2 and 3'. */
export function spreadName(spread: Spread): string {
  return spread.right === null ? `Page ${spread.left}` : `Pages ${spread.left} and ${spread.right}`;
}
