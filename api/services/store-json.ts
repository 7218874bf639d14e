import type { StoreFieldsSchema } from "@core/contract/stores";
import type { z } from "zod";
import type { Row } from "../db/schema";

export function serializeStore(store: Row<"stores">): z.input<typeof StoreFieldsSchema> {
  return {
    id: store.id,
    name: store.name,
    address: store.address,
    city: store.city,
    state: store.state,
    zip_code: store.zip_code,
    phone: store.phone,
    address_latitude: store.address_latitude,
    address_longitude: store.address_longitude,
    timezone: store.timezone,
    customer_disclaimer: store.customer_disclaimer,
  };
}
