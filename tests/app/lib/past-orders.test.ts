import { describe, expect, it } from "vitest";
import { formatStoreDate } from "~/components/checkout/format";
import {
  leftOutMessage,
  orderActions,
  orderDialogHref,
  pageOf,
  pastOrdersPageHref,
  REFUSAL_DIALOGS,
  replaceCartHref,
} from "~/lib/past-orders";
import { orderStatusWords } from "~/lib/order-status-words";

describe("an order's status in words", () => {
  it("names every status a past order can have, case-blind", () => {
    expect(orderStatusWords("submitted")).toBe("Submitted");
    expect(orderStatusWords("in_progress")).toBe("In Progress");
    expect(orderStatusWords("ready")).toBe("Ready");
    expect(orderStatusWords("picked_up")).toBe("Picked Up");
    expect(orderStatusWords("Cancelled")).toBe("Cancelled");
    expect(orderStatusWords("INCOMPLETE")).toBe("Not Placed");
  });

  it("words an unknown status from its own name", () => {
    expect(orderStatusWords("out_for_delivery")).toBe("Out For Delivery");
    expect(orderStatusWords("  ")).toBe("Unknown");
  });
});

describe("what an order offers (spec §4, §5: the server's is_editable / is_cancelable)", () => {
  const submitted = { status: "submitted", is_editable: true, is_cancelable: true, item_count: 2 };

  it("an order the store has not started: edit, cancel and reorder", () => {
    expect(orderActions(submitted)).toEqual({
      edit: true,
      cancel: true,
      reorder: true,
      contactStore: false,
    });
  });

  it("a submitted order no longer editable says to contact the store", () => {
    const late = { ...submitted, is_editable: false, is_cancelable: false };
    expect(orderActions(late)).toEqual({
      edit: false,
      cancel: false,
      reorder: true,
      contactStore: true,
    });
  });

  it("a started or finished order offers reorder only, and only with items", () => {
    const ready = { ...submitted, status: "ready", is_editable: false, is_cancelable: false };
    expect(orderActions(ready)).toEqual({
      edit: false,
      cancel: false,
      reorder: true,
      contactStore: false,
    });
    expect(orderActions({ ...ready, item_count: 0 }).reorder).toBe(false);
  });

  it("a working cart is no past order: nothing", () => {
    expect(orderActions({ ...submitted, status: "incomplete" })).toEqual({
      edit: false,
      cancel: false,
      reorder: false,
      contactStore: false,
    });
  });
});

describe("the page's URLs", () => {
  it("opens an order's dialog keeping the page", () => {
    expect(orderDialogHref("/stores/1/orders", "?page=2", "retract-order", 7)).toBe(
      "/stores/1/orders?page=2&dialog=retract-order&order=7",
    );
    expect(replaceCartHref("/stores/1/orders", "", 7, "reorder")).toBe(
      "/stores/1/orders?dialog=replace-cart&order=7&replacing=reorder",
    );
  });

  it("reads ?page= as a page number, 1 for anything else", () => {
    expect(pageOf("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "2.5", "x", "999999"]) expect(pageOf(value)).toBe(1);
    expect(pastOrdersPageHref(4, 1)).toBe("/stores/4/orders");
    expect(pastOrdersPageHref(4, 2)).toBe("/stores/4/orders?page=2");
  });
});

describe("the words of spec §8 and §4", () => {
  it("the refusal dialogs carry the spec's titles and texts", () => {
    expect(REFUSAL_DIALOGS["retract-failed"]).toEqual({
      title: "Order Retraction Failed",
      message:
        "Sorry, you can't edit this order because it's already in progress. Please contact the store directly.",
    });
    expect(REFUSAL_DIALOGS["cancel-failed"]).toEqual({
      title: "Order Cancelation Failed",
      message:
        "Sorry, you can't cancel this order because it's already in progress. Please contact the store directly.",
    });
  });

  it("names the items a reorder left out", () => {
    expect(leftOutMessage([])).toBeNull();
    expect(leftOutMessage(["Rye Bread"])).toBe(
      "This item is no longer available and was not added to your cart: Rye Bread.",
    );
    expect(leftOutMessage(["Rye Bread", "Brie"])).toBe(
      "These items are no longer available and were not added to your cart: Rye Bread, Brie.",
    );
    const many = leftOutMessage(["A", "B", "C", "D", "E", "F", "x".repeat(400)]);
    expect(many).toBe(
      "These items are no longer available and were not added to your cart: A, B, C, D and 3 more.",
    );
  });

  it("dates an order on the store's calendar", () => {
    // 02:30 UTC on the 24th is still the 23rd in New York.
    expect(formatStoreDate("2026-11-24T02:30:00Z", "America/New_York")).toBe("November 23, 2026");
    expect(formatStoreDate("not a date", "America/New_York")).toBe("");
  });
});
