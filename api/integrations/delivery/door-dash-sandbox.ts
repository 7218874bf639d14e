/**
 * The delivery partner's sandbox: runs in this process and answers as the partner's API does
 * (per-field errors keyed as the partner keys them, a quote, a booking), so a local run and the
 * tests exercise every path without credentials. Its service area (decision 022, README): the
 * store's own state; the zip code 99999 is always outside it. A phone whose area code starts with
 * 0 or 1 is refused as the partner refuses numbers it cannot text.
 */
import { randomBytes } from "node:crypto";
import { checked, OUTSIDE_AREA, outsideStoreState, type DeliveryAdapter } from "./types";

/** The test address that is always outside the service area. */
export const SANDBOX_OUT_OF_AREA_ZIP = "99999";
/** The sandbox's fee when the department names none, cents. */
const SANDBOX_FEE = 699;
/** How long the sandbox says a delivery takes when the department names no time. */
const SANDBOX_MINUTES = 45;
export const SANDBOX_BAD_PHONE = "The phone number is not a valid US mobile number.";

export const doorDashSandbox: DeliveryAdapter = {
  provider: "door_dash",
  async validate(request) {
    const errors: Record<string, string[]> = {};
    const zip = request.dropoff.zip_code.replace(/\D/g, "").slice(0, 5);
    if (zip === SANDBOX_OUT_OF_AREA_ZIP || outsideStoreState(request))
      errors.dropoff_address = [OUTSIDE_AREA];
    const digits = request.contact.phone.replace(/\D/g, "");
    if (!/^[2-9]\d{9}$/.test(digits)) errors.dropoff_phone_number = [SANDBOX_BAD_PHONE];
    return Object.keys(errors).length ? errors : null;
  },
  async quote(request) {
    return checked(await this.validate(request), () => ({
      fee: request.department.delivery_amount || SANDBOX_FEE,
      estimatedMinutes: request.department.delivery_time || SANDBOX_MINUTES,
      quoteId: `sbx_q_${request.externalId}_${randomBytes(4).toString("hex")}`,
    }));
  },
  async accept(request, quoteId) {
    const errors = await this.validate(request);
    // A quote of another delivery, or none: DoorDash answers the quote's id as the field.
    const stale = quoteId?.startsWith(`sbx_q_${request.externalId}_`)
      ? null
      : { external_delivery_id: ["The quote has expired."] };
    return checked(errors ?? stale, () => ({ externalId: `sbx_d_${request.externalId}` }));
  },
  async cancel() {},
};
