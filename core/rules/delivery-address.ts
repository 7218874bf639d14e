/**
 * The delivery form's words and the rules that need no zod (spec §5), so a page can load them
 * alone: the street split of the delivery payload and where a server's field errors show on the
 * form. The form's schema built on these words is ./delivery-form.ts.
 */

/** The delivery form's fields, in the order the form shows them. */
export const DELIVERY_FORM_FIELDS = [
  "first_name",
  "last_name",
  "address",
  "city",
  "state",
  "zip_code",
  "phone",
  "email",
  "instructions",
  "tip",
] as const;
type DeliveryFormField = (typeof DELIVERY_FORM_FIELDS)[number];

export const DELIVERY_MESSAGES = {
  address: "The street address field is required",
  city: "The city field is required",
  state: "The state field is required",
  zipRequired: "The zip code field is required",
  zip: "Please input a 5 digit zip code, or 5+4 digits",
  unexpected: "An unexpected error occurred. Please try again later.",
} as const;

/**
 * The delivery payload's street: the address without its leading number, which goes in `unit`
 * ("12B Main St" → street "Main St", unit "12B"). An address without a leading number is all
 * street.
 */
export function splitStreet(address: string): { street: string; unit: string | null } {
  const trimmed = address.trim().replace(/\s+/g, " ");
  const match = /^(\d[\dA-Za-z/-]*),? (.+)$/.exec(trimmed);
  if (!match) return { street: trimmed, unit: null };
  return { street: match[2]!.trim(), unit: match[1]! };
}

/** The address as the form shows it again: the unit (the leading number), then the street. */
export const joinStreet = (street: string, unit: string | null) =>
  unit ? `${unit} ${street}` : street;

/** Server keys that belong to a form field under another name. */
const ALIASES: Record<string, DeliveryFormField> = {
  address_line_1: "address",
  dropoff_address: "address",
  "dropoff_address.street": "address",
  "dropoff_address.unit": "address",
  "dropoff_address.city": "city",
  "dropoff_address.state": "state",
  "dropoff_address.zip_code": "zip_code",
  phone_number: "phone",
  dropoff_phone_number: "phone",
  instructions: "instructions",
  dropoff_instructions: "instructions",
};

const isGenericKey = (key: string) =>
  key === "generic" || key.startsWith("pickup_") || key === "external_delivery_id";

export interface MappedDeliveryErrors {
  fields: Partial<Record<DeliveryFormField, string[]>>;
  /** Shown above the form; the unexpected-error words when nothing else could be shown. */
  generic: string[];
}

/**
 * Where a server's delivery field errors show (spec §5, §8): the form's own field names; the street
 * address also from address_line_1 and dropoff_address, the phone also from phone_number, the
 * message to the driver from instructions and dropoff_instructions; `generic`, keys starting with
 * pickup_ and external_delivery_id above the form. When none of them maps, the unexpected-error
 * message.
 */
export function mapDeliveryFieldErrors(
  errors: Record<string, readonly string[]> | null | undefined,
): MappedDeliveryErrors {
  const fields: MappedDeliveryErrors["fields"] = {};
  const generic: string[] = [];
  const formFields = new Set<string>(DELIVERY_FORM_FIELDS);
  for (const [rawKey, messages] of Object.entries(errors ?? {})) {
    // The place call nests the payload under `delivery`.
    const key = rawKey.startsWith("delivery.") ? rawKey.slice("delivery.".length) : rawKey;
    const list = messages.filter((m) => typeof m === "string" && m.trim() !== "");
    if (!list.length) continue;
    if (isGenericKey(key)) {
      generic.push(...list);
      continue;
    }
    const field = ALIASES[key] ?? (formFields.has(key) ? (key as DeliveryFormField) : undefined);
    if (field) fields[field] = [...(fields[field] ?? []), ...list];
  }
  if (!generic.length && !Object.keys(fields).length) generic.push(DELIVERY_MESSAGES.unexpected);
  return { fields, generic };
}
