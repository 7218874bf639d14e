import { describe, expect, it } from "vitest";
import { clubDiscount, clubShelfPrice, isClubMember } from "@core/rules/club";

describe("Price Plus Club", () => {
  it("is for a profile with a card number only", () => {
    expect(isClubMember({ card_number: "4100012345" })).toBe(true);
    expect(isClubMember({ card_number: null })).toBe(false);
    expect(isClubMember({ card_number: "  " })).toBe(false);
    expect(isClubMember(null)).toBe(false);
  });

  it("discounts per unit, to the cent, never below zero or above the item", () => {
    expect(clubDiscount(100, 3, 1500)).toBe(300);
    expect(clubDiscount(100, 1.25, 1000)).toBe(125);
    expect(clubDiscount(333, 0.5, 1000)).toBe(167);
    expect(clubDiscount(500, 4, 1200)).toBe(1200);
    expect(clubDiscount(null, 2, 1000)).toBe(0);
    expect(clubDiscount(0, 2, 1000)).toBe(0);
    expect(clubDiscount(-50, 2, 1000)).toBe(0);
  });

  it("prices one unit on the shelf as the cart would discount a quantity of 1", () => {
    expect(clubShelfPrice(399, 50)).toEqual({ price: 349, saving: 50 });
    expect(clubShelfPrice(199, 40)).toEqual({ price: 159, saving: 40 });
    // A discount larger than the price leaves it free, never below zero.
    expect(clubShelfPrice(80, 100)).toEqual({ price: 0, saving: 80 });
    expect(clubShelfPrice(399, null)).toBeNull();
    expect(clubShelfPrice(399, 0)).toBeNull();
    expect(clubShelfPrice(0, 50)).toBeNull();
    // The saving on the shelf is the cart's saving of one unit.
    expect(clubShelfPrice(1699, 200)?.saving).toBe(clubDiscount(200, 1, 1699));
  });
});
