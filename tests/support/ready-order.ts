/**
 * What readying an order through the API takes, as a device does it: the pickup slots offered
 * (worked out from the `GET /blackouts` answer) and the customer. For the e2e specs and the fault
 * run, which start shoppers at checkout.
 */
import { pickupSlots, type Slot } from "../../core/rules/pickup-slots";

export interface BlackoutsAnswer {
  data: { from: string; to: string }[];
  meta: {
    timezone: string;
    lead_time: { min: number; max: number };
    pickup_window: { interval: number };
  };
}

/** Every slot offered from `now`, earliest first (items without lead times of their own). */
export function offeredSlots(answer: BlackoutsAnswer, now = new Date()): Slot[] {
  return pickupSlots(now, {
    timeZone: answer.meta.timezone,
    intervalMinutes: answer.meta.pickup_window.interval,
    limits: answer.meta.lead_time,
    itemLeadTimes: [],
    blackouts: answer.data,
  }).flatMap((day) => day.slots);
}

/** The customer of an order readied through the API. */
export const READY_CUSTOMER = {
  first_name: "Robin",
  last_name: "Shopper",
  email: "robin@example.com",
  phone: "(609) 555-0142",
  notification_type: ["email"],
};
