/**
 * Spec §8: what the shopper reads when the API refuses an item (add to cart) or a coupon, chosen
 * by the API's error code (core/contract/errors.ts), never by the wording of its message.
 */
import {
  API_ERROR,
  type ApiErrorCode,
  type FieldErrors as ApiFieldErrors,
} from "@core/contract/errors";
import { COUPON_ALREADY_LOADED, COUPON_LOAD_FAILED } from "~/lib/coupons";
import { FIELD, MESSAGES, type FieldErrors, type ItemFormProblem } from "~/lib/item-form";

/** The form's field errors from the API's `errors` (the photo upload answers `image`). */
function formFieldErrors(errors: ApiFieldErrors): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    if (/^preferences\.\d+$/.test(key) || key === FIELD.quantity || key === FIELD.notes)
      fields[key] = first;
    else if (key === "image") fields[FIELD.photo] = first;
  }
  return fields;
}

/**
 * The department refusal → 'The product cannot be added to the current department.'; the
 * quantity refusal → 'That quantity is not available.' on the form and its field; any other 422 →
 * 'Please complete all required fields.' with the API's field errors; anything else → the
 * generic text.
 */
export function addToCartProblem(
  status: number,
  code: ApiErrorCode,
  errors: ApiFieldErrors = {},
): ItemFormProblem {
  if (status !== 422) return { message: MESSAGES.unexpected, errors: {} };
  if (code === "product_unavailable_in_department")
    return { message: MESSAGES.notInDepartment, errors: {} };
  if (code === "quantity_unavailable")
    return {
      message: MESSAGES.quantityNotAvailable,
      errors: { [FIELD.quantity]: MESSAGES.quantityNotAvailable },
    };
  return { message: MESSAGES.apiIncomplete, errors: formFieldErrors(errors) };
}

/**
 * Loading a coupon to the card: `coupon_already_loaded` → 'already loaded'; anything else (the
 * API's other 422s, a forged or stale offer among them, or a failure) → 'there was a problem'.
 */
export function couponRefusal(code: ApiErrorCode): string {
  return code === API_ERROR.couponAlreadyLoaded ? COUPON_ALREADY_LOADED : COUPON_LOAD_FAILED;
}
