/**
 * What the shopper is told the store did with each item (issue 30): a weighed item's scale
 * reading, fewer of an item sold by the each, a substitute's name, an item removed; nothing for an
 * item not picked yet or picked as ordered; and the line as the pages render it.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Order } from "~/.server/api";
import { PickedItemChangeNote } from "~/components/order-changes/PickedItemChangeNote";
import { pickedItemChange, scaleQuantity } from "~/components/order-changes/picked-item-change";
import { finalTotalText, statusHistoryView } from "~/components/order-changes/status-history";

const item = (pick: Partial<Parameters<typeof pickedItemChange>[0]>) => ({
  quantity: 1,
  pick_status: null,
  picked_quantity: null,
  picked_product_name: null,
  ...pick,
});

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("an item's change as the store picked it", () => {
  it("says nothing before picking, or when picked as ordered", () => {
    expect(pickedItemChange(item({}), "Cake", "each")).toBeNull();
    expect(pickedItemChange(item({ pick_status: "picked" }), "Cake", "each")).toBeNull();
  });

  it("gives a weighed item's scale reading in decimals, beside the quantity ordered", () => {
    const change = pickedItemChange(
      item({ pick_status: "picked", picked_quantity: 1.08 }),
      "Turkey",
      "pound",
    );
    expect(change).toEqual({ kind: "weighed", ordered: "1 lb", given: "1.08 lbs" });
    expect(scaleQuantity(0.5, "pound")).toBe("0.5 lb");
    const html = renderToStaticMarkup(
      createElement(PickedItemChangeNote, {
        item: { storeChange: change, subtotal: 449, finalSubtotal: 485 },
      }),
    );
    expect(text(html)).toBe("Weighed: ordered 1 lb, weighed 1.08 lbs ($4.85, estimated $4.49)");
  });

  it("names the substitute, read out as a replacement, and says a removed item is removed", () => {
    const change = pickedItemChange(
      item({ pick_status: "substituted", picked_product_name: "Strawberry Shortcake" }),
      "Chocolate Mousse Cake",
      "each",
    );
    expect(change).toEqual({
      kind: "substituted",
      ordered: "Chocolate Mousse Cake",
      given: "Strawberry Shortcake",
    });
    const html = renderToStaticMarkup(
      createElement(PickedItemChangeNote, {
        item: { storeChange: change, subtotal: 2299, finalSubtotal: 2299 },
      }),
    );
    expect(html).toContain('<span aria-hidden="true">→</span>');
    expect(text(html)).toBe("Substituted: Chocolate Mousse Cake →replaced by Strawberry Shortcake");
    expect(pickedItemChange(item({ pick_status: "unavailable" }), "Cake", "each")).toEqual({
      kind: "unavailable",
    });
    expect(
      pickedItemChange(
        item({ quantity: 3, pick_status: "picked", picked_quantity: 2 }),
        "Buns",
        "each",
      ),
    ).toEqual({ kind: "fewer", ordered: "3 ea", given: "2 ea" });
  });
});

describe("an order's progress", () => {
  it("lists each status in words with the store's date and time, and the final amount", () => {
    const order = {
      final_total: 3084,
      status_history: [
        { status: "submitted", at: "2026-11-27T15:00:00.000Z", by_store: false },
        { status: "in_progress", at: "2026-11-28T14:05:00.000Z", by_store: true },
      ],
    } as unknown as Order;
    expect(statusHistoryView(order, "America/New_York")).toEqual([
      { status: "Submitted", at: "November 27, 2026 at 10:00 AM" },
      { status: "In Progress", at: "November 28, 2026 at 9:05 AM" },
    ]);
    expect(finalTotalText(order)).toBe("$30.84");
    expect(finalTotalText({ final_total: null } as unknown as Order)).toBeNull();
  });
});
