/** What every error-reporting adapter offers (index.ts chooses one). */
export interface ErrorContext {
  /** What failed, in a few words ("Could not load the store's alerts"): the report's title. */
  action: string;
  /** The storefront path being served, when there is a request. */
  path?: string;
  /** Ids and values that help find the cause (never personal data). */
  [key: string]: unknown;
}

export interface ErrorReporter {
  /** Settles when the report is written or given up; never rejects. */
  report(error: unknown, context: ErrorContext): void | Promise<void>;
}
