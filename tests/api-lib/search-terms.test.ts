import fc from "fast-check";
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

/** What the index must answer: every word measured, best first (the scan it replaces). */
function scannedCorrections(vocabulary: Vocabulary, word: string, limit = 2): string[] {
  const max = typoAllowance(word.length);
  if (max === 0 || vocabulary.has(word)) return [];
  return [...vocabulary.entries()]
    .map(([candidate, count]) => ({ candidate, count, d: editDistance(word, candidate, max) }))
    .filter((f) => f.d <= max)
    .sort((a, b) => a.d - b.d || b.count - a.count || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map((f) => f.candidate);
}

describe("Vocabulary index", () => {
  // Words from few letters, so that many are within one or two edits of each other.
  const word = fc
    .array(fc.constantFrom("a", "b", "e", "r", "t", "s"), { minLength: 1, maxLength: 11 })
    .map((letters) => letters.join(""));

  it("corrects exactly as measuring every word would", () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 60 }),
        fc.array(word),
        (texts, queries) => {
          const v = new Vocabulary(texts);
          for (const q of [...queries, ...texts.slice(0, 5).map((t) => t + "s")])
            for (const limit of [2, 50])
              expect(v.corrections(q, limit)).toEqual(scannedCorrections(v, q, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("corrects a grocery catalogue's typos as measuring every word would", () => {
    const catalogue = new Vocabulary([
      ...[...vocabulary.entries()].map(([w]) => w),
      "Organic Spinach",
      "Tortilla Chips",
      "Chicken Thighs",
      "Coffee Beans",
      "Peanut Butter",
      "Mozzarella",
      "Strawberries",
      "Strawberry Jam",
      "Low Sodium Black Beans",
    ]);
    const typos = [
      "turky",
      "tukrey",
      "chiken",
      "thigs",
      "spinch",
      "organc",
      "mozarella",
      "mozzarela",
    ];
    typos.push(
      "strawbery",
      "strawberies",
      "stawberrys",
      "peantu",
      "buter",
      "tortila",
      "cofee",
      "beens",
    );
    for (const typo of typos)
      expect(catalogue.corrections(typo)).toEqual(scannedCorrections(catalogue, typo));
    expect(catalogue.corrections("mozarella")).toEqual(["mozzarella"]);
    expect(catalogue.corrections("stawberrys")).toEqual(["strawberry"]);
  });

  it("finds a prefix as looking at every word would", () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), word, (texts, prefix) => {
        const v = new Vocabulary(texts);
        const scanned = [...v.entries()].some(([w]) => w.startsWith(prefix));
        expect(v.hasPrefix(prefix)).toBe(scanned);
        for (const [w] of v.entries()) expect(v.hasPrefix(w.slice(0, 2))).toBe(true);
      }),
      { numRuns: 300 },
    );
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
