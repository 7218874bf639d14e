import { describe, expect, it } from "vitest";
import { clubDiscount, isClubMember } from "@core/rules/club";

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
});
