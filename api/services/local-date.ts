/** Today's date (YYYY-MM-DD) where the store is: catalogs run by the store's calendar, not UTC's. */
export function localDate(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);
}
