import { describe, expect, it } from "vitest";
import { orderTotals } from "@core/rules/order-totals";

const items = { itemsTotal: 4999, clubSavings: 0 };
const promo = (type: string, value: number, minimum_subtotal = 0) => ({
  type,
  value,
  minimum_subtotal,
});

describe("order totals with delivery (spec §5)", () => {
  it("adds the delivery amount and the tip to the items", () => {
    expect(orderTotals({ ...items, deliveryAmount: 599, tipAmount: 250 })).toEqual({
      discount: 0,
      total: 5848,
    });
  });
  it("a delivery promotion discounts the delivery amount, nothing for pickup", () => {
    const free = promo("delivery-percentage", 100);
    expect(orderTotals({ ...items, deliveryAmount: 599, tipAmount: 250, promotion: free })).toEqual(
      { discount: 599, total: 5249 },
    );
    expect(orderTotals({ ...items, deliveryAmount: 0, tipAmount: 0, promotion: free })).toEqual({
      discount: 0,
      total: 4999,
    });
    const threeOff = promo("delivery-amount", 300);
    expect(
      orderTotals({ ...items, deliveryAmount: 599, tipAmount: 0, promotion: threeOff }).total,
    ).toBe(5298);
    // Never more than the delivery amount; the tip is never discounted.
    expect(
      orderTotals({ ...items, deliveryAmount: 200, tipAmount: 100, promotion: threeOff }),
    ).toEqual({ discount: 200, total: 5099 });
    // 15% of $5.99 floors to 89 cents.
    expect(
      orderTotals({
        ...items,
        deliveryAmount: 599,
        tipAmount: 0,
        promotion: promo("delivery-percentage", 15),
      }).discount,
    ).toBe(89);
  });
  it("an order promotion discounts the items, not the delivery", () => {
    expect(
      orderTotals({
        ...items,
        deliveryAmount: 599,
        tipAmount: 0,
        promotion: promo("order-percentage", 10),
      }),
    ).toEqual({ discount: 499, total: 5099 });
  });
  it("below its minimum a promotion discounts nothing; no total below zero; no negative tip", () => {
    expect(
      orderTotals({
        ...items,
        deliveryAmount: 599,
        tipAmount: 0,
        promotion: promo("delivery-percentage", 100, 5000),
      }).discount,
    ).toBe(0);
    expect(
      orderTotals({ itemsTotal: 100, clubSavings: 500, deliveryAmount: 0, tipAmount: -50 }).total,
    ).toBe(0);
    expect(orderTotals({ ...items, deliveryAmount: -599, tipAmount: -1 }).total).toBe(4999);
  });
});
