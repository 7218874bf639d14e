/**
 * The promo code box's one field, for the browser's check before posting (conform) and the cart's
 * action: a code that is blank once trimmed is refused with the spec's words (§4).
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { PROMO_CODE_REQUIRED } from "@core/rules/promotions";

/** The code as typed, trimmed; a missing field reads as blank. */
export const promoCode = z.preprocess(
  (value) => (typeof value === "string" ? value : ""),
  z.string().trim().min(1, PROMO_CODE_REQUIRED),
);

export const promoCodeSchema = z.object({ code: promoCode });

/** The browser's check before posting (conform's onValidate), as the action reads the code. */
export const checkPromoCode = (form: FormData) =>
  parseWithZod(form, { schema: promoCodeSchema, disableAutoCoercion: true });
