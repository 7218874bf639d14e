/** A delivery order's delivery as the order answer carries it (core/contract/deliveries). */
import type { OrderDelivery } from "@core/contract/deliveries";
import type { Row } from "../db/schema";

export function serializeDelivery(d: Row<"order_deliveries">): OrderDelivery {
  return {
    provider: d.provider === "store" ? "store" : "door_dash",
    first_name: d.first_name,
    last_name: d.last_name,
    email: d.email,
    phone: d.phone,
    street: d.street,
    unit: d.unit,
    city: d.city,
    state: d.state,
    zip_code: d.zip_code,
    dropoff_instructions: d.dropoff_instructions,
    tip_amount: d.tip_amount,
    delivery_amount: d.delivery_amount,
    estimated_minutes: d.estimated_minutes,
    external_delivery_id: d.external_delivery_id,
  };
}
