import { describe, expect, it } from "vitest";
import { promotionDiscount, promotionMinimumMessage } from "@core/rules/promotions";

const base = { itemsTotal: 4999, deliveryAmount: 999 };

describe("promotionDiscount (spec §5)", () => {
  it("order-percentage floors: 10% of $49.99 is $4.99", () => {
    expect(promotionDiscount({ type: "order-percentage", value: 10 }, base)).toBe(499);
  });
  it("order-amount takes its cents off the items, never below zero", () => {
    expect(promotionDiscount({ type: "order-amount", value: 500 }, base)).toBe(500);
    expect(promotionDiscount({ type: "order-amount", value: 10_000 }, base)).toBe(4999);
  });
  it("delivery promotions apply to the delivery amount only", () => {
    expect(promotionDiscount({ type: "delivery-percentage", value: 100 }, base)).toBe(999);
    expect(promotionDiscount({ type: "delivery-percentage", value: 15 }, base)).toBe(149); // 149.85 floors
    expect(promotionDiscount({ type: "delivery-amount", value: 300 }, base)).toBe(300);
    expect(
      promotionDiscount(
        { type: "delivery-amount", value: 300 },
        { itemsTotal: 4999, deliveryAmount: 0 },
      ),
    ).toBe(0);
  });
  it("gives nothing for a negative value", () => {
    expect(promotionDiscount({ type: "order-amount", value: -100 }, base)).toBe(0);
  });
});

describe("promotionMinimumMessage (money text, one home: core/rules/money.ts)", () => {
  it("writes the minimum as every price is written, thousands commas included", () => {
    expect(promotionMinimumMessage(15000)).toBe(
      "That promotion code needs an order of at least $150.00.",
    );
    expect(promotionMinimumMessage(250000)).toBe(
      "That promotion code needs an order of at least $2,500.00.",
    );
  });
});
