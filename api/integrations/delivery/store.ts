/**
 * The store's own drivers: the department's fee and time, and an address in the store's own state
 * (the drivers do not cross state lines). Booking needs no outside call.
 */
import { checked, OUTSIDE_AREA, outsideStoreState, type DeliveryAdapter } from "./types";

export const storeDelivery: DeliveryAdapter = {
  provider: "store",
  async validate(request) {
    return outsideStoreState(request) ? { dropoff_address: [OUTSIDE_AREA] } : null;
  },
  async quote(request) {
    return checked(await this.validate(request), () => ({
      fee: request.department.delivery_amount,
      estimatedMinutes: request.department.delivery_time,
      quoteId: null,
    }));
  },
  async accept(request) {
    return checked(await this.validate(request), () => ({
      externalId: `store-${request.externalId}`,
    }));
  },
  async cancel() {},
};
