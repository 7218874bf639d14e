import { describe, expect, it } from "vitest";
import {
  editDistance,
  fts5Query,
  queryWords,
  searchTerms,
  tsQuery,
  typoAllowance,
  Vocabulary,
} from "../../api/services/search-terms";

const vocabulary = new Vocabulary([
  "Oven Roasted Turkey Breast",
  "Smoked Turkey Breast",
  "Chocolate Fudge Layer Cake",
  "Vanilla Sheet Cake",
  "Black Forest Ham",
]);

describe("queryWords", () => {
  it("lower-cases, drops accents, punctuation and filler words", () => {
    expect(queryWords("  The Crème-Brûlée & CAKE!! ")).toEqual(["creme", "brulee", "cake"]);
  });
  it("keeps at most eight words", () => {
    expect(queryWords("a1 b2 c3 d4 e5 f6 g7 h8 i9 j10")).toHaveLength(8);
  });
  it("leaves nothing of a query made only of symbols or filler", () => {
    expect(queryWords("%%% ' OR 1=1 --")).toEqual(["1", "1"]);
    expect(queryWords("the and of")).toEqual([]);
  });
});

describe("editDistance", () => {
  it.each([
    ["turkey", "turkey", 0],
    ["turky", "turkey", 1],
    ["tukrey", "turkey", 1], // a transposition counts once
    ["chocolate", "chocolat", 1],
    ["vanila", "vanilla", 1],
    ["ham", "jam", 1],
  ])("%s → %s is %i", (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(d);
  });
  it("stops early past the allowance", () => {
    expect(editDistance("bread", "chocolate", 1)).toBe(2);
  });
  it("allows no typo in a short word, one from four letters, two from eight", () => {
    expect([typoAllowance(3), typoAllowance(4), typoAllowance(7), typoAllowance(8)]).toEqual([
      0, 1, 1, 2,
    ]);
  });
});

describe("Vocabulary.corrections", () => {
  it("corrects a small typo to a word the products use", () => {
    expect(vocabulary.corrections("turky")).toEqual(["turkey"]);
    expect(vocabulary.corrections("choclate")).toEqual(["chocolate"]);
  });
  it("leaves known words and short words alone", () => {
    expect(vocabulary.corrections("turkey")).toEqual([]);
    expect(vocabulary.corrections("hma")).toEqual([]);
  });
  it("finds nothing for a word far from every product", () => {
    expect(vocabulary.corrections("xylophone")).toEqual([]);
  });
});

describe("search expressions", () => {
  it("searches every word, corrected spellings as alternatives, the last word also as a prefix", () => {
    const terms = searchTerms("turky bre", vocabulary);
    expect(terms).toEqual([
      { alternatives: ["turky", "turkey"], prefix: false },
      { alternatives: ["bre"], prefix: true },
    ]);
    expect(fts5Query(terms)).toBe('("turky" OR "turkey") AND ("bre" OR bre*)');
    expect(tsQuery(terms)).toBe("(turky | turkey) & (bre | bre:*)");
  });
  it("does not correct a last word that is the start of a product word (the shopper is typing)", () => {
    expect(searchTerms("choc", vocabulary)).toEqual([{ alternatives: ["choc"], prefix: true }]);
  });
});
