import { describe, expect, it } from "vitest";
import {
  neighbourSpreads,
  paginationWindow,
  spreadAt,
  spreadCount,
  spreadLabel,
  spreadName,
  spreadOfPage,
  spreadPages,
  type Spread,
} from "@core/rules/catalog-spread";

/** The pagination as a shopper reads it: spread labels and '…'. */
const labels = (current: Spread, pageCount: number) =>
  paginationWindow(current, pageCount).map((item) =>
    item.type === "ellipsis" ? "…" : spreadLabel(item.spread),
  );
const at = (page: number, pageCount: number) => {
  const spread = spreadOfPage(page, pageCount);
  if (!spread) throw new Error(`no spread for page ${page}`);
  return spread;
};

describe("spread numbering (spec §9: cover alone, then two-page spreads)", () => {
  it("has about half the page count plus 1 spreads", () => {
    expect(spreadCount(10)).toBe(6);
    expect(spreadCount(9)).toBe(5);
    expect(spreadCount(16)).toBe(9);
    expect(spreadCount(1)).toBe(1);
    expect(spreadCount(0)).toBe(0);
  });

  it("shows the cover alone, then pages 2–3, 4–5…; each next spread starts two pages on", () => {
    expect(spreadPages(at(1, 10))).toEqual([1]);
    expect(spreadPages(at(2, 10))).toEqual([2, 3]);
    expect(spreadPages(at(3, 10))).toEqual([2, 3]);
    expect(spreadPages(at(9, 10))).toEqual([8, 9]);
    // An even page count leaves the last page alone.
    expect(spreadPages(at(10, 10))).toEqual([10]);
    expect(spreadPages(at(9, 9))).toEqual([8, 9]);
    const second = at(2, 16);
    const third = neighbourSpreads(second, 16).next;
    expect(third?.left).toBe(second.left + 2);
  });

  it("has no spread for a page outside the catalog", () => {
    expect(spreadOfPage(0, 10)).toBeNull();
    expect(spreadOfPage(11, 10)).toBeNull();
    expect(spreadOfPage(2.5, 10)).toBeNull();
    expect(spreadAt(7, 10)).toBeNull();
  });

  it("turns to the previous and next spreads, not past either end", () => {
    expect(neighbourSpreads(at(1, 10), 10).previous).toBeNull();
    expect(neighbourSpreads(at(1, 10), 10).next?.left).toBe(2);
    expect(neighbourSpreads(at(4, 10), 10).previous?.left).toBe(2);
    expect(neighbourSpreads(at(10, 10), 10).next).toBeNull();
  });

  it("names spreads for labels and screen readers", () => {
    expect(spreadLabel(at(1, 10))).toBe("1");
    expect(spreadLabel(at(5, 10))).toBe("4–5");
    expect(spreadName(at(1, 10))).toBe("Page 1");
    expect(spreadName(at(7, 10))).toBe("Pages 6 and 7");
  });
});

describe("the pagination window (spec §9: first, last, 5 near the current one, ellipses)", () => {
  it("shows every spread when there are few", () => {
    expect(labels(at(1, 10), 10)).toEqual(["1", "2–3", "4–5", "6–7", "8–9", "10"]);
    expect(labels(at(1, 1), 1)).toEqual(["1"]);
  });

  it("keeps 5 spreads near the current one, with the first, the last and an ellipsis per gap", () => {
    // 16 pages: 9 spreads.
    expect(labels(at(1, 16), 16)).toEqual(["1", "2–3", "4–5", "6–7", "8–9", "…", "16"]);
    expect(labels(at(8, 16), 16)).toEqual([
      "1",
      "…",
      "4–5",
      "6–7",
      "8–9",
      "10–11",
      "12–13",
      "…",
      "16",
    ]);
    expect(labels(at(16, 16), 16)).toEqual(["1", "…", "8–9", "10–11", "12–13", "14–15", "16"]);
  });

  it("marks nothing as a gap when the window reaches an end", () => {
    // Spread 4 (pages 6–7) of 9: the window 2..6 touches the first spread.
    expect(labels(at(6, 16), 16)).toEqual(["1", "2–3", "4–5", "6–7", "8–9", "10–11", "…", "16"]);
  });
});
