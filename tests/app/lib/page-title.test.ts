import { describe, expect, it } from "vitest";
import { pageTitle, productTitle } from "~/lib/page-title";
import { titleMeta } from "~/lib/route-meta";

describe("page titles (spec §1)", () => {
  it("the product title is 'Order Express' plus the market name", () => {
    expect(productTitle("Harvest Market")).toBe("Order Express Harvest Market");
    expect(productTitle("  ")).toBe("Order Express");
  });

  it("'{page title} - {product title}'", () => {
    expect(pageTitle("Departments", "Order Express Harvest Market")).toBe(
      "Departments - Order Express Harvest Market",
    );
  });

  it("the product title alone when a page has no title", () => {
    expect(pageTitle(undefined, "Order Express Harvest Market")).toBe(
      "Order Express Harvest Market",
    );
    expect(pageTitle("", "Order Express Harvest Market")).toBe("Order Express Harvest Market");
    expect(pageTitle("   ", "Order Express Harvest Market")).toBe("Order Express Harvest Market");
  });

  it("titleMeta takes the product title from the root route's data", () => {
    const matches = [
      { id: "root", data: { productTitle: "Order Express Fresh Foods" } },
      { id: "routes/stores._index" },
    ];
    expect(titleMeta(matches, "Store Locator")).toEqual([
      { title: "Store Locator - Order Express Fresh Foods" },
    ]);
    expect(titleMeta([{ id: "root" }], "Welcome")).toEqual([{ title: "Welcome - Order Express" }]);
  });
});
