import { describe, expect, it } from "vitest";
import { deliverySummary } from "@core/rules/delivery-summary";

const base = {
  itemsTotal: 4999,
  clubSavings: 0,
  deliveryAmount: 599,
  promotion: null,
  tip: { tip: 0, tipType: "percentage" as const },
};

describe("the delivery form's summary (spec §2 /delivery-info, §5)", () => {
  it("adds the delivery fee and the tip to the order total", () => {
    const summary = deliverySummary({ ...base, tip: { tip: 10, tipType: "percentage" } });
    expect(summary).toEqual({
      orderTotal: 4999,
      tip: 500, // 10 % of $49.99, rounded
      deliveryFee: 599,
      deliveryPromotion: null,
      finalTotal: 4999 + 599 + 500,
    });
  });

  it("a percentage tip is a share of what the items come to after an order promotion and club savings", () => {
    const summary = deliverySummary({
      ...base,
      clubSavings: 499,
      promotion: {
        type: "order-percentage",
        value: 10,
        description: "10% off",
        minimum_subtotal: 0,
      },
      tip: { tip: 10, tipType: "percentage" },
    });
    // 4999 − floor(499.9) − 499 = 4001; 10 % of it is 400.1 → 400.
    expect(summary.orderTotal).toBe(4001);
    expect(summary.tip).toBe(400);
    expect(summary.deliveryPromotion).toBeNull();
    expect(summary.finalTotal).toBe(4001 + 599 + 400);
  });

  it("a delivery promotion discounts the delivery fee only, and never below zero", () => {
    const percent = deliverySummary({
      ...base,
      promotion: {
        type: "delivery-percentage",
        value: 50,
        description: "Half-price delivery",
        minimum_subtotal: 0,
      },
    });
    expect(percent.deliveryPromotion).toEqual({
      description: "Half-price delivery",
      discount: 299,
    });
    expect(percent.orderTotal).toBe(4999);
    expect(percent.finalTotal).toBe(4999 + 599 - 299);

    const free = deliverySummary({
      ...base,
      promotion: {
        type: "delivery-amount",
        value: 1000,
        description: "Free delivery",
        minimum_subtotal: 0,
      },
      tip: { tip: "3", tipType: "amount" },
    });
    expect(free.deliveryPromotion?.discount).toBe(599);
    expect(free.finalTotal).toBe(4999 + 300);
  });

  it("below its minimum a delivery promotion discounts nothing", () => {
    const summary = deliverySummary({
      ...base,
      promotion: {
        type: "delivery-amount",
        value: 599,
        description: "Free delivery over $75",
        minimum_subtotal: 7500,
      },
    });
    expect(summary.deliveryPromotion).toEqual({
      description: "Free delivery over $75",
      discount: 0,
    });
    expect(summary.finalTotal).toBe(4999 + 599);
  });

  it("an 'Other' tip that is not a number or negative counts as none", () => {
    for (const tip of ["abc", "-4"])
      expect(deliverySummary({ ...base, tip: { tip, tipType: "amount" } }).tip).toBe(0);
  });
});
