export interface Weighted {
  weight?: number | null;
  name: string;
}

const byName = new Intl.Collator("en-US", { sensitivity: "base", numeric: true });

/** Lighter weight first, then name (case-insensitive, numbers in natural order). */
function compareByWeightThenName(a: Weighted, b: Weighted): number {
  const weightDifference = (a.weight ?? 0) - (b.weight ?? 0);
  return weightDifference !== 0 ? weightDifference : byName.compare(a.name, b.name);
}

/** A sorted copy; the input is left alone. */
export function sortByWeightThenName<T extends Weighted>(items: readonly T[]): T[] {
  return [...items].sort(compareByWeightThenName);
}

export function compareNames(a: string, b: string): number {
  return byName.compare(a, b);
}
