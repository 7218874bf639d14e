import type { SubstitutionChoice } from "../rules/substitution";
import type { ORDER_SOURCES } from "./orders";

/**
 * The shapes a client sends to change an order or an item: one definition for the API that
 * accepts them and the storefront that sends them.
 */
export interface OrderChanges {
  source?: (typeof ORDER_SOURCES)[number];
  pickup_at?: string | null;
  pickup_location_id?: number | null;
  substitutions_allowed?: boolean;
  customer?: {
    first_name?: string | null;
    last_name?: string | null;
    email?: string | null;
    phone?: string | null;
    notification_type?: ("email" | "sms")[];
  };
  notes?: string | null;
  received_assistance?: boolean;
  /** Which kind of slot the time takes a place in (decision 028). */
  fulfillment?: "pickup" | "delivery";
}

export interface ItemInput {
  product_id: number;
  quantity: number;
  preferences: { facet_id: number; choice_id: number | null; value: string | null }[];
  notes?: string | null;
  add_source?: "default" | "recommendation";
}

/** PUT /items/{id}/substitution (decision 029). */
export interface ItemSubstitutionInput {
  substitution: SubstitutionChoice;
  substitute_product_id?: number | null;
}
