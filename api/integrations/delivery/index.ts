/**
 * The delivery services (decision 022), chosen per department by its `delivery_type`: the store's
 * own drivers, or DoorDash Drive: the real one with credentials, else the in-process sandbox
 * where configuration allows it (api/config.ts), else none (delivery refused with 502).
 */
import type { DeliveryProvider } from "@core/contract/deliveries";
import type { DeliveryConfig } from "../../config";
import { doorDashDrive } from "./door-dash";
import { doorDashSandbox } from "./door-dash-sandbox";
import { storeDelivery } from "./store";
import type { DeliveryAdapter } from "./types";

export type { DeliveryAdapter, DeliveryRequest, DropoffAddress } from "./types";
export { DeliveryServiceError } from "./types";

/** The adapter of each service this deployment can use. */
export type DeliveryServices = Partial<Record<DeliveryProvider, DeliveryAdapter>>;

export function createDeliveryServices(
  config: DeliveryConfig = { doorDash: null, sandbox: true },
): DeliveryServices {
  const doorDash = config.doorDash
    ? doorDashDrive(config.doorDash)
    : config.sandbox
      ? doorDashSandbox
      : undefined;
  return { store: storeDelivery, ...(doorDash ? { door_dash: doorDash } : {}) };
}
