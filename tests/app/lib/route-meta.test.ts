import { describe, expect, it } from "vitest";
import { titleMeta } from "~/lib/route-meta";

const root = (data: object) => ({
  id: "root",
  data: { productTitle: "Order Express Harvest Market", ...data },
});

describe("titleMeta", () => {
  it("titles a page '{title} - {product title}'", () => {
    expect(titleMeta([root({ globalError: null })], "Bakery")).toEqual([
      { title: "Bakery - Order Express Harvest Market" },
    ]);
  });

  it("names the error, not the page under it, while the shell shows a global error", () => {
    expect(titleMeta([root({ globalError: { code: 503, message: "" } })], "Welcome")).toEqual([
      { title: "We'll Be Right Back! - Order Express Harvest Market" },
    ]);
    expect(titleMeta([root({ globalError: { code: 502, message: "" } })], "Bakery")).toEqual([
      { title: "Service Unavailable. - Order Express Harvest Market" },
    ]);
  });
});
