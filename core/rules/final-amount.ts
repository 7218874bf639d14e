/**
 * An order's final amount once the store has picked it (issue 30, decision 043): each item as
 * picked (the weighed or picked quantity), substituted (the product given, at its price) or
 * unavailable (nothing), then the same totals as the cart (order-totals.ts: promotion, club
 * savings, delivery fee, tip). What is charged against the card hold follows from it.
 */
import { clubDiscount } from "./club";
import { orderTotals, type TotalsInput } from "./order-totals";

export const PICK_STATUSES = ["picked", "substituted", "unavailable"] as const;
export type PickStatus = (typeof PICK_STATUSES)[number];

export const isPickStatus = (value: unknown): value is PickStatus =>
  typeof value === "string" && (PICK_STATUSES as readonly string[]).includes(value);

/** The most a weighed or picked quantity may be: a scale's reading, not a typo's. */
export const MAX_PICKED_QUANTITY = 999;

export interface PickedLine {
  pick_status: string | null;
  /** As ordered. */
  quantity: number;
  subtotal: number;
  club_discount_amount: number;
  picked_quantity: number | null;
  /** The ordered product's price per unit with its selections' prices, cents. */
  unit_price: number;
  /** The ordered product's club discount per unit in its department (null: none). */
  club_per_unit: number | null;
  /** The product given in its place, at its price in the department. */
  substitute: { unit_price: number; club_per_unit: number | null } | null;
}

/** A line's final subtotal and club discount, cents. A line not picked yet stands as ordered. */
export function finalLine(line: PickedLine, member: boolean): { subtotal: number; club: number } {
  const status = line.pick_status;
  if (status === "unavailable") return { subtotal: 0, club: 0 };
  const quantity = line.picked_quantity ?? line.quantity;
  if (status === "substituted" && line.substitute) {
    const subtotal = Math.round(quantity * line.substitute.unit_price);
    const club = member ? clubDiscount(line.substitute.club_per_unit, quantity, subtotal) : 0;
    return { subtotal, club };
  }
  // Picked as ordered (or not yet picked): the ordered line, to the cent it was priced at.
  if (status !== "picked" || quantity === line.quantity)
    return { subtotal: line.subtotal, club: line.club_discount_amount };
  const subtotal = Math.round(quantity * line.unit_price);
  return { subtotal, club: member ? clubDiscount(line.club_per_unit, quantity, subtotal) : 0 };
}

export interface FinalAmount {
  subtotal: number;
  clubSavings: number;
  discount: number;
  total: number;
}

/** The order's final amount from its lines, by the cart's totals rule. */
export function finalAmount(
  lines: readonly { subtotal: number; club: number }[],
  order: Omit<TotalsInput, "itemsTotal" | "clubSavings">,
): FinalAmount {
  const subtotal = lines.reduce((sum, l) => sum + l.subtotal, 0);
  const clubSavings = lines.reduce((sum, l) => sum + l.club, 0);
  const { discount, total } = orderTotals({ ...order, itemsTotal: subtotal, clubSavings });
  return { subtotal, clubSavings, discount, total };
}

/**
 * What to do with the card hold at hand-over (decision 043): capture the final amount, never
 * more than was held (the store bears a final amount above the hold); the rest of the hold is
 * released by the capture itself. Nothing to charge: void the hold.
 */
export function captureOf(
  finalTotal: number,
  held: number,
): { kind: "capture"; amount: number; released: number } | { kind: "void" } {
  const amount = Math.min(Math.max(0, Math.round(finalTotal)), Math.max(0, held));
  if (amount === 0) return { kind: "void" };
  return { kind: "capture", amount, released: held - amount };
}

/** Why a pick is refused, in the associate's words; null when it may be recorded. */
export function pickProblem(input: {
  pick_status: PickStatus;
  picked_quantity: number | null;
  ordered_quantity: number;
  sold_by_weight: boolean;
}): string | null {
  const q = input.picked_quantity;
  if (input.pick_status === "unavailable") return null;
  if (q === null) return input.sold_by_weight ? "Enter the weighed quantity." : null;
  if (!Number.isFinite(q) || q <= 0 || q > MAX_PICKED_QUANTITY)
    return "Enter a quantity above 0 and up to 999.";
  if (!input.sold_by_weight && q > input.ordered_quantity)
    return "Enter a quantity up to the one ordered.";
  return null;
}
