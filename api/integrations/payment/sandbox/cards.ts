/**
 * The sandbox gateway's card form rules: what a well-formed card looks like, and what each test
 * card does. The full number is read here and never kept: only its brand and last four digits
 * leave this module.
 */
import type { CardAuthorizationStatus } from "@core/contract/payments";

/** The test cards (README): any future expiry, any CVC. */
const TEST_CARDS: Record<string, CardAuthorizationStatus> = {
  "4242424242424242": "approved",
  "4000000000000002": "declined",
  "4000000000009995": "insufficient_funds",
};

export interface CardForm {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;

export type CardReading =
  | { ok: true; outcome: CardAuthorizationStatus; brand: string; lastFour: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

export const CARD_ERRORS = {
  number: "Enter a valid card number.",
  notTestCard: "This sandbox takes test cards only: use 4242 4242 4242 4242.",
  expiryFormat: "Enter the expiry date as MM/YY.",
  expiryPast: "This card has expired: enter a future expiry date.",
  cvc: "Enter the 3 or 4 digit security code.",
  name: "Enter the name on the card.",
} as const;

/** The Luhn checksum every card number carries. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^6(011|5)/.test(digits)) return "discover";
  return "card";
}

/** The first day after the card's expiry month, or null when the text is not MM/YY. */
function expiryEnd(text: string): Date | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(year, month, 1));
}

/** Checks the form; a good test card says what the sandbox answers for it. */
export function readCard(form: CardForm, now = new Date()): CardReading {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = form.card_number.replace(/[\s-]/g, "");
  const wellFormed = /^\d{12,19}$/.test(digits) && luhnValid(digits);
  if (!wellFormed) errors.card_number = CARD_ERRORS.number;
  else if (!TEST_CARDS[digits]) errors.card_number = CARD_ERRORS.notTestCard;
  const end = expiryEnd(form.expiry);
  if (!end) errors.expiry = CARD_ERRORS.expiryFormat;
  else if (end.getTime() <= now.getTime()) errors.expiry = CARD_ERRORS.expiryPast;
  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = CARD_ERRORS.cvc;
  if (!form.name.trim()) errors.name = CARD_ERRORS.name;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    outcome: TEST_CARDS[digits]!,
    brand: brandOf(digits),
    lastFour: digits.slice(-4),
  };
}
