/**
 * One slot of the time picker, and which slots can be chosen (decision 028: a full slot is shown
 * but never chosen). Apart from pickup-slots.ts so the picker's first paint needs no date code.
 */
export interface Slot {
  /** The instant, ISO-8601 UTC: the value a form posts. */
  value: string;
  /** Local wall time shown to the shopper, e.g. "9:30 AM" (plus delivery time for delivery). */
  label: string;
  /** Said beside a nearly full slot: "Only 2 left". */
  note?: string;
  /** Every place is taken: shown as unavailable, never chosen or posted. */
  full?: true;
}

/** What the Time select says of a full slot. */
export const FULL_SLOT = "Full";

/** The first slot that can be chosen, or undefined. */
export function firstOpenSlot(slots: readonly Slot[]): Slot | undefined {
  return slots.find((slot) => !slot.full);
}
