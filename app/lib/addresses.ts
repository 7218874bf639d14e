/**
 * /addresses, the billing address picker (spec §2): its words and the address page's window
 * message, shared by the server and the page. The message's zod schema is apart
 * (address-message.ts): the page fetches it only once its dialog opens.
 */
import { ROUTE_GUARD_MESSAGES, type RouteMeta } from "./route-meta";

/** The route's flags (spec §2), read by its loader and action through the guard. */
export const addressesRouteMeta = {
  // Spec: a disabled route. Here a switch, on in the demo; it needs the account integration.
  disableRoute: (features) => !features.billingAddresses || !features.accounts,
  requiresOrder: true,
  requiresAuthentication: true,
  signInMessage: ROUTE_GUARD_MESSAGES.signInForBillingAddress,
} as const satisfies RouteMeta;

/** A profile address as the picker shows it. */
export interface ProfileAddress {
  address_line_1: string;
  address_line_2?: string | null;
  city: string;
  state: string;
  zip_code: string;
}

export const ADDRESS_MESSAGES = {
  /** Spec §5: the address page's message did not parse as success. */
  problem: "There was a problem adding the address.",
  added: "Your new address is in the list.",
  none: "Your profile has no billing address yet. Add one, or continue: the payment page will ask for it.",
  choose: "Choose one of your billing addresses.",
} as const;

/** One line: '12 Orchard Lane, Albany, NY 12203'. */
export function addressLine(address: ProfileAddress): string {
  const street = [address.address_line_1, address.address_line_2].filter(Boolean).join(", ");
  return `${street}, ${address.city}, ${address.state} ${address.zip_code}`;
}

/** The message type the provider's address page posts to the shop. */
export const ADDRESS_ADDED_MESSAGE = "address-added";
