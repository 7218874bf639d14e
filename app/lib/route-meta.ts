import { pageTitle } from "./page-title";

interface MatchWithData {
  id: string;
  data?: unknown;
}

/** `meta` for a page: '{title} - {product title}', the product title coming from the root loader. */
export function titleMeta(matches: readonly MatchWithData[], title?: string | null) {
  const root = matches.find((match) => match.id === "root")?.data as
    | { productTitle?: string }
    | undefined;
  return [{ title: pageTitle(title, root?.productTitle ?? "Order Express") }];
}
