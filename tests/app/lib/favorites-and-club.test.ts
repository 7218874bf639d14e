/**
 * The storefront's pure parts of favorites and the Price Plus Club line: the star's post as the
 * route reads it, the cart views that show the API's club amounts to signed-in shoppers only, and
 * the shelf's club price that listings and product pages show members only.
 */
import { describe, expect, it } from "vitest";
import type { Order } from "~/.server/api";
import { readIntent } from "~/.server/form-intent";
import { formatSaving } from "@core/rules/money";
import { cartItemsView, totalsView } from "~/components/cart/view";
import { favoriteIntents } from "~/.server/favorites";
import { shelfClubPrice } from "~/.server/listing";
import { favoritePath } from "~/lib/favorites";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("the favorite star's post", () => {
  it("sets the flag it names: '1' stars, '0' unstars", () => {
    expect(readIntent(form({ intent: "favorite", favorite: "1" }), favoriteIntents)).toEqual({
      intent: "favorite",
      favorite: true,
    });
    expect(readIntent(form({ intent: "favorite", favorite: "0" }), favoriteIntents)).toEqual({
      intent: "favorite",
      favorite: false,
    });
  });

  it("is not read without the flag, with another value or another intent", () => {
    const posts: Record<string, string>[] = [
      { intent: "favorite" },
      { intent: "favorite", favorite: "yes" },
      { intent: "favorite", favorite: "" },
      { intent: "save", favorite: "1" },
      { favorite: "1" },
    ];
    for (const entries of posts)
      expect(readIntent(form(entries), favoriteIntents), JSON.stringify(entries)).toBeNull();
  });

  it("goes to the one route for every page", () => {
    expect(favoritePath(42)).toBe("/favorites/42");
  });
});

/** An order as the API answers it, with what the cart views read. */
function order(club: { items: number[]; savings: number }): Order {
  return {
    subtotal: 1000,
    discount: 0,
    club_savings: club.savings,
    total: 1000 - club.savings,
    department: { data: { id: 4, store_id: 1 } },
    items: {
      data: club.items.map((amount, index) => ({
        id: index + 1,
        order_id: 9,
        product_id: 100 + index,
        quantity: 1,
        price: 500,
        subtotal: 500,
        club_discount_amount: amount,
        notes: null,
        image_url: null,
        add_source: "default",
        preferences: { data: [] },
        product: {
          data: {
            id: 100 + index,
            name: `Product ${index}`,
            brand: null,
            hide_brand: false,
            unit_of_measure: "each",
            image_url: null,
            images: { data: [] },
          },
        },
      })),
    },
  } as unknown as Order;
}

describe("the Price Plus Club line", () => {
  const clubOrder = order({ items: [75, 0], savings: 75 });

  it("shows the API's amounts to a signed-in shopper: the row's discount and the savings", () => {
    const viewer = { signedIn: true };
    expect(cartItemsView(clubOrder, viewer).map((item) => item.clubDiscount)).toEqual([75, 0]);
    expect(totalsView(clubOrder, viewer)).toMatchObject({ clubSavings: 75, total: 925 });
  });

  it("shows guests none, whatever an order says", () => {
    const viewer = { signedIn: false };
    expect(cartItemsView(clubOrder, viewer).map((item) => item.clubDiscount)).toEqual([0, 0]);
    expect(totalsView(clubOrder, viewer).clubSavings).toBe(0);
  });

  it("shows no line where the API gave no discount (a shopper without a card)", () => {
    const none = order({ items: [0, 0], savings: 0 });
    expect(cartItemsView(none, { signedIn: true }).every((i) => i.clubDiscount === 0)).toBe(true);
    expect(totalsView(none, { signedIn: true }).clubSavings).toBe(0);
  });

  it("reads as a saving: a minus sign before the dollars", () => {
    expect(formatSaving(100)).toBe("\u2212$1.00");
    expect(formatSaving(75)).toBe("\u2212$0.75");
  });
});

describe("the shelf's Price Plus Club price", () => {
  const butter = { srp_amount: 499, sale_srp_amount: null, on_sale: false, discount_amount: 75 };
  const potatoes = { srp_amount: 499, sale_srp_amount: 399, on_sale: true, discount_amount: 50 };

  it("shows a member one unit at the club price, off the price they pay (the sale price)", () => {
    const member = { clubMember: true };
    expect(shelfClubPrice(butter, member)).toEqual({ price: 424, saving: 75 });
    expect(shelfClubPrice(potatoes, member)).toEqual({ price: 349, saving: 50 });
  });

  it("shows guests and shoppers without a card none", () => {
    expect(shelfClubPrice(butter, { clubMember: false })).toBeNull();
  });

  it("shows a member none for a product without a club discount", () => {
    expect(shelfClubPrice({ ...butter, discount_amount: null }, { clubMember: true })).toBeNull();
    expect(shelfClubPrice({ ...butter, discount_amount: 0 }, { clubMember: true })).toBeNull();
  });
});
