/**
 * Department templates: every store has the six kinds, each with its own ordering rules, and a few
 * rules vary from store to store (slot interval, online payment, delivery).
 */
import { departmentImageUrl } from "./pictures/urls";
import type { NewRow } from "../schema";
import type { StoreSeed } from "./stores";
import type { DepartmentKind } from "./types";

type DepartmentRow = Omit<NewRow<"departments">, "store_id">;

export const DEPARTMENT_KINDS: DepartmentKind[] = [
  "deli",
  "bakery",
  "meat",
  "grocery",
  "catering",
  "floral",
];

const CUSTOMER_SERVICE = "Customer Service Desk";
const CURBSIDE = "Curbside Pickup";

/** Pickup locations per kind: [name, address_2]; address_1 is the store's street address. */
const PICKUP_LOCATIONS: Record<DepartmentKind, [string, string | null][]> = {
  deli: [
    ["Deli Counter", "Inside, back left"],
    [CUSTOMER_SERVICE, "Front of store"],
  ],
  bakery: [
    ["Bakery Counter", "Inside, right of the entrance"],
    [CUSTOMER_SERVICE, "Front of store"],
  ],
  meat: [["Meat & Seafood Counter", "Inside, back wall"]],
  grocery: [
    [CURBSIDE, "Marked spaces by the main entrance"],
    [CUSTOMER_SERVICE, "Front of store"],
    ["Pickup Lockers", "Vestibule by the exit"],
  ],
  catering: [
    [CUSTOMER_SERVICE, "Front of store"],
    [CURBSIDE, "Marked spaces by the main entrance"],
  ],
  floral: [["Floral Shop", "Inside, by the entrance"]],
};

export function pickupLocations(kind: DepartmentKind, store: StoreSeed) {
  return PICKUP_LOCATIONS[kind].map(([name, address_2], weight) => ({
    name,
    address_1: store.address,
    address_2,
    weight,
  }));
}

/** The department row for one store; `index` is the store's position, for store-to-store variety. */
export function departmentFor(kind: DepartmentKind, index: number): DepartmentRow {
  const even = index % 2 === 0;
  const base = {
    kind,
    image_url: departmentImageUrl(kind),
    show_sodium_warnings: 0,
    show_nutritional_info: 0,
    payment_gateway_enabled: 0,
    remote_orders_require_online_payment: 0,
    remote_orders_require_authentication: 0,
    delivery_enabled: 0,
    delivery_time: 0,
    delivery_type: null,
    store_delivery_customer_instructions: null,
    delivery_amount: 0,
    lead_time_min: 0,
    lead_time_max: 43200,
    order_sources_with_coupon_code: "[]",
    active: 1,
  } satisfies Partial<DepartmentRow>;

  switch (kind) {
    case "deli":
      return {
        ...base,
        name: "Deli",
        weight: 10,
        list_style: "default",
        lead_time: 30,
        pickup_interval: even ? 15 : 30,
        show_nutritional_info: 1,
        show_sodium_warnings: 1,
        order_sources_with_coupon_code: '["website"]',
        description:
          "Meats and cheeses sliced to order, fresh salads, subs and hot foods ready when you are.",
      };
    case "bakery":
      return {
        ...base,
        name: "Bakery",
        weight: 20,
        list_style: "image-centric",
        lead_time: 60,
        pickup_interval: 30,
        payment_gateway_enabled: 1,
        show_nutritional_info: 1,
        description:
          "Celebration cakes decorated your way, artisan breads baked every morning, and treats for any day.",
      };
    case "meat":
      return {
        ...base,
        name: "Meat & Seafood",
        weight: 30,
        list_style: "default",
        lead_time: 60,
        pickup_interval: even ? 30 : 15,
        description:
          "Hand-cut steaks and roasts, fresh poultry and the day's catch, cut and wrapped to order.",
      };
    case "grocery":
      return {
        ...base,
        name: "Grocery",
        weight: 40,
        list_style: "image-centric",
        // Shelf items and produce are ready without waiting (no 'Requires … to prepare'); the
        // store still needs two hours to pick an order, so the first pickup slot stays there.
        lead_time: 0,
        pickup_interval: 30,
        lead_time_min: 120,
        lead_time_max: 10080,
        show_sodium_warnings: 1,
        show_nutritional_info: 1,
        // Two stores (State College, New Paltz) have no delivery partner yet.
        delivery_enabled: index === 5 || index === 7 ? 0 : 1,
        delivery_type: "door_dash",
        delivery_time: 60,
        delivery_amount: 599,
        payment_gateway_enabled: 1,
        order_sources_with_coupon_code: '["website","app"]',
        description:
          "Your weekly shop, picked by our team: produce, dairy, pantry staples and household goods.",
      };
    case "catering":
      return {
        ...base,
        name: "Catering",
        weight: 50,
        list_style: "default",
        lead_time: 2880,
        pickup_interval: 30,
        lead_time_min: 2880,
        lead_time_max: even ? 64800 : 43200,
        payment_gateway_enabled: 1,
        remote_orders_require_online_payment: even ? 1 : 0,
        remote_orders_require_authentication: 1,
        order_sources_with_coupon_code: '["website"]',
        description:
          "Party platters, hot trays and holiday dinners for every gathering. Order at least 2 days ahead.",
      };
    case "floral":
      return {
        ...base,
        name: "Floral",
        weight: 60,
        list_style: "image-centric",
        lead_time: 120,
        pickup_interval: 30,
        lead_time_min: 120,
        lead_time_max: 20160,
        payment_gateway_enabled: 1,
        delivery_enabled: 1,
        delivery_type: "store",
        delivery_time: 120,
        delivery_amount: 999,
        store_delivery_customer_instructions:
          "We deliver within 10 miles of the store, 10 am to 6 pm. Someone should be home to receive the flowers.",
        description:
          "Bouquets, roses, plants and arrangements from our florists, for pickup or local delivery.",
      };
  }
}

/** Orders per pickup or delivery slot in the demo: every day, all day (decision 028). */
const DEMO_SLOT_CAPACITY = 12;

/** The demo's slot capacity rules for one department (catering, ordered days ahead, has none). */
export function slotCapacitiesFor(kind: DepartmentKind) {
  if (kind === "catering") return [];
  return (["pickup", "delivery"] as const).flatMap((slotKind) =>
    Array.from({ length: 7 }, (_, weekday) => ({
      kind: slotKind,
      weekday,
      starts_at: "00:00",
      ends_at: "24:00",
      capacity: DEMO_SLOT_CAPACITY,
    })),
  );
}
