import { describe, expect, it } from "vitest";
import {
  DUPLICATE_ORDER,
  ITEM_QUANTITY_GONE,
  PLACEMENT_PROBLEM,
} from "@core/rules/placement-messages";

describe("placement texts (spec §8 'Place order'), one home for the API and the checkout", () => {
  it("are the spec's words", () => {
    expect(ITEM_QUANTITY_GONE).toBe(
      "The requested quantity of an item in your cart is no longer available.",
    );
    expect(DUPLICATE_ORDER).toBe("This appears to be a duplicate order.");
    expect(PLACEMENT_PROBLEM).toBe(
      "There was a problem placing your order. Please try again later.",
    );
  });
});
