/**
 * The promo code box's one field, for the browser's check before posting and the cart's action:
 * a code that is blank once trimmed is refused with the spec's words (§4).
 */
import { z } from "zod";
import { PROMO_CODE_REQUIRED } from "@core/rules/promotions";

/** The code as typed, trimmed; a missing field reads as blank. */
export const promoCode = z.preprocess(
  (value) => (typeof value === "string" ? value : ""),
  z.string().trim().min(1, PROMO_CODE_REQUIRED),
);

/** The browser's check before posting, as the action reads the code: its refusal, or null. */
export function promoCodeProblem(form: FormData): string | null {
  const checked = promoCode.safeParse(form.get("code"));
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
