/**
 * What the API asks of a delivery service (decision 022), whoever drives: the store's own drivers
 * or a delivery-as-a-service partner. Each department names its service (`delivery_type`).
 */
import type { DeliveryProvider } from "@core/contract/deliveries";

export interface DropoffAddress {
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip_code: string;
}

/** One delivery as a service sees it: from the store to the shopper's door. */
export interface DeliveryRequest {
  /** Our id for the delivery: the same for every quote of one order. */
  externalId: string;
  store: { name: string; address: string; city: string; state: string; zip_code: string };
  /** The department's own fee and time (the store's drivers charge and take these). */
  department: { delivery_amount: number; delivery_time: number };
  dropoff: DropoffAddress;
  contact: { first_name: string; last_name: string; phone: string; email: string };
  instructions: string | null;
  /** The shopper's tip, cents. */
  tip: number;
  /** The items' value, cents. */
  orderValue: number;
}

/** Per-field refusals in the service's own words and keys (`dropoff_address`, …). */
export type DeliveryFieldErrors = Record<string, string[]>;

interface DeliveryQuote {
  /** Cents. */
  fee: number;
  estimatedMinutes: number;
  quoteId: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: DeliveryFieldErrors };

export interface DeliveryAdapter {
  readonly provider: DeliveryProvider;
  /** Whether the service would deliver there: per-field errors, or none. */
  validate(request: DeliveryRequest): Promise<DeliveryFieldErrors | null>;
  /** What it would cost and take (validating as it goes). */
  quote(request: DeliveryRequest): Promise<Checked<DeliveryQuote>>;
  /** Books the quoted delivery when the order is placed; answers the service's delivery id. */
  accept(
    request: DeliveryRequest,
    quoteId: string | null,
  ): Promise<Checked<{ externalId: string }>>;
  /** Calls a booked delivery off (best effort: the order is not held up by it). */
  cancel(externalId: string): Promise<void>;
}

/** The service could not be reached or answered nonsense: a 502 for the caller. */
export class DeliveryServiceError extends Error {}

/** The address is in the store's state: the service area rule of the store's drivers and the sandbox. */
export function outsideStoreState(request: DeliveryRequest): boolean {
  return request.dropoff.state.trim().toUpperCase() !== request.store.state.trim().toUpperCase();
}

/** The refusal when there are errors, else the answer made by `value`. */
export const checked = <T>(errors: DeliveryFieldErrors | null, value: () => T): Checked<T> =>
  errors ? { ok: false, errors } : { ok: true, value: value() };

export const OUTSIDE_AREA = "The address is outside the delivery area.";
