/**
 * Turning what a shopper typed into search terms: words split and cleaned, common English words
 * dropped, and small typos corrected against the words the brand's products actually use.
 * Pure functions, so both databases' search shares them and they are unit-tested.
 */

/** Words that carry no meaning in a product search (PostgreSQL drops them too; SQLite does not). */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "with",
  "for",
  "in",
  "on",
  "or",
  "to",
  "by",
]);

/** At most this many words of a query are used. */
export const MAX_QUERY_WORDS = 8;

export function queryWords(fragment: string): string[] {
  return fragment
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP_WORDS.has(w))
    .slice(0, MAX_QUERY_WORDS);
}

/** Edit distance with transpositions (optimal string alignment), stopping early past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** How many typing mistakes a word of this length may carry and still be recognised. */
export const typoAllowance = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** The words of a catalogue, with how often each occurs (the more common wins a tie). */
export class Vocabulary {
  private readonly counts = new Map<string, number>();

  constructor(texts: Iterable<string | null>) {
    for (const text of texts) {
      if (!text) continue;
      for (const word of queryWords(text)) this.counts.set(word, (this.counts.get(word) ?? 0) + 1);
    }
  }

  get size() {
    return this.counts.size;
  }

  has(word: string) {
    return this.counts.has(word);
  }

  /** True when some catalogue word starts with `prefix` (the word being typed). */
  hasPrefix(prefix: string) {
    for (const word of this.counts.keys()) if (word.startsWith(prefix)) return true;
    return false;
  }

  /** Known words within the typo allowance of `word`, best first (nearest, then most common). */
  corrections(word: string, limit = 2): string[] {
    const max = typoAllowance(word.length);
    if (max === 0 || this.has(word)) return [];
    const found: { word: string; distance: number; count: number }[] = [];
    for (const [candidate, count] of this.counts) {
      const distance = editDistance(word, candidate, max);
      if (distance <= max) found.push({ word: candidate, distance, count });
    }
    return found
      .sort((a, b) => a.distance - b.distance || b.count - a.count || a.word.localeCompare(b.word))
      .slice(0, limit)
      .map((f) => f.word);
  }
}

/** Each query word with the spellings to look for; the last word is also a prefix (typing). */
export interface SearchTerm {
  alternatives: string[];
  prefix: boolean;
}

export function searchTerms(fragment: string, vocabulary: Vocabulary): SearchTerm[] {
  const words = queryWords(fragment);
  return words.map((word, i) => {
    const last = i === words.length - 1;
    const typing = last && vocabulary.hasPrefix(word);
    const corrections = typing ? [] : vocabulary.corrections(word);
    return { alternatives: [word, ...corrections], prefix: last };
  });
}

/** SQLite FTS5 MATCH expression: `("turky" OR "turkey") AND ("brea" OR brea*)`. */
export function fts5Query(terms: SearchTerm[]): string {
  return terms
    .map((t) => {
      const options = t.alternatives.map((w) => `"${w}"`);
      if (t.prefix) options.push(`${t.alternatives[0]}*`);
      return `(${options.join(" OR ")})`;
    })
    .join(" AND ");
}

/** PostgreSQL to_tsquery expression: `(turky | turkey) & (brea | brea:*)`. */
export function tsQuery(terms: SearchTerm[]): string {
  return terms
    .map((t) => {
      const options = [...t.alternatives];
      if (t.prefix) options.push(`${t.alternatives[0]}:*`);
      return `(${options.join(" | ")})`;
    })
    .join(" & ");
}
