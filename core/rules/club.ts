/**
 * Price Plus Club (spec §2 cart row, §6): a signed-in shopper with a club card gets each product's
 * club discount per unit. Computed by the API only; the storefront shows what it answers.
 */

/** Whether a shopper gets club prices: signed in, with a card number on the profile. */
export const isClubMember = (user: { card_number: string | null } | null | undefined) =>
  !!user?.card_number?.trim();

/**
 * The club discount of an item: the per-unit discount times the quantity, to the cent, never more
 * than the item costs (a fractional 1.25 lb at 100 off a pound is 125).
 */
export function clubDiscount(perUnit: number | null, quantity: number, itemSubtotal: number) {
  if (!perUnit || perUnit <= 0 || quantity <= 0) return 0;
  return Math.max(0, Math.min(itemSubtotal, Math.round(perUnit * quantity)));
}

/** One unit at the club price, as the shelf shows it to a member: the price and the saving, cents. */
export interface ClubShelfPrice {
  price: number;
  saving: number;
}

/**
 * The shelf's club price of one unit (a pound, an each): the shopper's unit price less the club
 * discount of a quantity of 1, by the cart's own rule, so the shelf and the cart never disagree.
 * Null when the product has no club discount.
 */
export function clubShelfPrice(unitPrice: number, perUnit: number | null): ClubShelfPrice | null {
  const saving = clubDiscount(perUnit, 1, unitPrice);
  return saving > 0 ? { price: unitPrice - saving, saving } : null;
}
