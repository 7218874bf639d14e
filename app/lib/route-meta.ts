import { errorPageContent } from "./error-catalogue";
import { pageTitle } from "./page-title";
import type { ShellData } from "./shell-data";

interface MatchWithData {
  id: string;
  data?: unknown;
}

/**
 * `meta` for a page: '{title} - {product title}', the product title coming from the root loader.
 * While the shell shows a global error (the API or its database is away) the page under it is
 * not shown, so the title names the error instead (a screen reader announces the title first).
 */
export function titleMeta(matches: readonly MatchWithData[], title?: string | null) {
  const root = matches.find((match) => match.id === "root")?.data as
    | Partial<Pick<ShellData, "productTitle" | "globalError">>
    | undefined;
  const failure = root?.globalError;
  const shown = failure ? errorPageContent(failure.code, failure.message).title : title;
  return [{ title: pageTitle(shown, root?.productTitle ?? "Order Express") }];
}
