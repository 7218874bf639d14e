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
const MAX_QUERY_WORDS = 8;

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

/** The letters of a word as bits: a–z one each, digits folded onto the six bits left. */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    mask |= 1 << (c >= 97 ? c - 97 : 26 + ((c - 48) % 6));
  }
  return mask;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The words of a catalogue, with how often each occurs (the more common wins a tie).
 *
 * Looking up does not measure every word against every query word. Prefixes: binary search in the
 * sorted words. Corrections: only words of a length within the allowance are looked at (the words
 * are grouped by length), and of those only the ones whose set of letters differs from the query
 * word's by at most two letters per allowed edit (an insertion or deletion changes that set by one
 * letter at most, a substitution by two, a transposition not at all), compared as bit masks; the
 * few left are measured with editDistance. Both lose nothing the full scan would find, and are
 * built on first use, in one pass, for as long as the vocabulary lives (see product-listing.ts).
 */
export class Vocabulary {
  private readonly counts = new Map<string, number>();
  private sorted: string[] | null = null;
  private byLength: { words: string[]; masks: Uint32Array; starts: number[] } | null = null;

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

  /** Each word and how often it occurs. */
  entries(): IterableIterator<[string, number]> {
    return this.counts.entries();
  }

  /** True when some catalogue word starts with `prefix` (the word being typed). */
  hasPrefix(prefix: string) {
    const sorted = (this.sorted ??= [...this.counts.keys()].sort());
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    return low < sorted.length && sorted[low]!.startsWith(prefix);
  }

  /** The words ordered by length, their letter masks, and where each length starts. */
  private lengthIndex() {
    if (this.byLength) return this.byLength;
    const words = [...this.counts.keys()].sort((a, b) => a.length - b.length);
    const longest = words.length ? words[words.length - 1]!.length : 0;
    const starts = Array.from<number>({ length: longest + 2 }).fill(words.length);
    for (let i = words.length - 1; i >= 0; i--) starts[words[i]!.length] = i;
    for (let l = longest; l >= 0; l--) starts[l] = Math.min(starts[l]!, starts[l + 1]!);
    return (this.byLength = { words, masks: Uint32Array.from(words, letterMask), starts });
  }

  /** Known words within the typo allowance of `word`, best first (nearest, then most common). */
  corrections(word: string, limit = 2): string[] {
    const max = typoAllowance(word.length);
    if (max === 0 || this.has(word)) return [];
    const { words, masks, starts } = this.lengthIndex();
    const mask = letterMask(word);
    const from = starts[Math.min(Math.max(0, word.length - max), starts.length - 1)]!;
    const to = starts[Math.min(word.length + max + 1, starts.length - 1)]!;
    const found: { word: string; distance: number; count: number }[] = [];
    for (let i = from; i < to; i++) {
      if (bitCount(masks[i]! ^ mask) > 2 * max) continue;
      const candidate = words[i]!;
      const distance = editDistance(word, candidate, max);
      if (distance <= max)
        found.push({ word: candidate, distance, count: this.counts.get(candidate)! });
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
