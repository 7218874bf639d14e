/**
 * The product form as one zod schema, built from the product's facet rules (spec §4, §5): the
 * server's action and the browser's conform form parse the post with it, so both refuse the same
 * entries with the same words. Read with conform's `parseWithZod(form, { schema,
 * disableAutoCoercion: true })`: a blank field stays '' and gets its own message, not zod's.
 *
 * The payload is conform's: field names with dots nest (`choice.3` → `choice["3"]`), a repeated
 * name is an array. Errors are keyed like the API's (`preferences.{facetId}`, `quantity`, `notes`)
 * plus `photo` and `photo_consent`; the form-level error (key '') is the error summary's title.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import {
  missingRequired,
  textsTooLong,
  type Preference,
  type ProductRules,
} from "@core/rules/item-configuration";
import { parseId } from "@core/rules/ids";
import { NOTES_MAX_LENGTH, PHOTO_MAX_BYTES } from "@core/rules/limits";
import {
  quantityOptions,
  quantityProblem,
  sameQuantity,
  type QuantityRules,
} from "@core/rules/quantity-options";
import {
  facetErrorKey,
  FIELD,
  isTextFacet,
  itemPreferences,
  MESSAGES,
  tooManyChoicesMessage,
  type CheckedItem,
  type FieldErrors,
  type ItemFormProblem,
  type ItemFormState,
} from "./item-form";

export interface ItemSchemaOptions {
  /** The product takes a customer photo (the `photo` field counts only then). */
  acceptsPhoto: boolean;
  /** The server read and dropped a photo past the limit (the browser sees the file's size). */
  photoTooLarge?: boolean;
}

/** What a valid post gives: the item to send, the form as sent, and the photo to upload. */
export interface ItemPost {
  item: CheckedItem;
  state: ItemFormState;
  photo: File | null;
}

type Payload = Record<string, unknown>;

const asRecord = (value: unknown): Payload =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Payload) : {};

/** A payload value as its texts: none, one or several (files are left out). */
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");

/**
 * The entries as posted, from conform's payload. Unknown facets and choices are dropped here (a
 * form can be forged); everything else is kept as the shopper left it, for the page to show again.
 */
export function itemStateFromPayload(payload: unknown, product: ProductRules): ItemFormState {
  const fields = asRecord(payload);
  const choices = asRecord(fields.choice);
  const textFields = asRecord(fields.text);
  const preferences: Preference[] = [];
  const texts: Record<string, string> = {};
  for (const facet of product.facets) {
    const known = new Set(facet.choices.map((c) => c.id));
    const chosen = [
      ...new Set(
        strings(choices[facet.id])
          .map(parseId)
          .filter((id): id is number => id !== null && known.has(id)),
      ),
    ];
    if (!isTextFacet(facet)) {
      for (const id of chosen) preferences.push({ facet_id: facet.id, choice_id: id, value: null });
      continue;
    }
    const text = strings(textFields[facet.id])[0] ?? "";
    if (text) texts[facet.id] = text;
    const value = text.trim() || null;
    if (facet.type === "free-response" || chosen.length === 0) {
      if (value) preferences.push({ facet_id: facet.id, choice_id: null, value });
    } else {
      for (const id of chosen) preferences.push({ facet_id: facet.id, choice_id: id, value });
    }
  }
  return {
    quantity: strings(fields[FIELD.quantity])[0]?.trim() ?? "",
    preferences,
    texts,
    notes: strings(fields[FIELD.notes])[0] ?? "",
    photoConsent: strings(fields[FIELD.photoConsent]).length > 0,
  };
}

/** The product form's entries from FormData or URLSearchParams, as the schema reads them. */
export function readItemForm(form: FormData | URLSearchParams, product: ProductRules) {
  const { payload } = parseWithZod(form, { schema: z.unknown(), disableAutoCoercion: true });
  return itemStateFromPayload(payload, product);
}

/** The quantity the form asks for, or why it cannot be ordered. */
function checkQuantity(
  raw: string,
  rules: QuantityRules,
): { quantity: number } | { error: string } {
  if (!raw) return { error: MESSAGES.chooseQuantity };
  const asked = Number(raw);
  if (!Number.isFinite(asked)) return { error: MESSAGES.chooseQuantity };
  const problem = quantityProblem(rules, asked);
  if (problem === "unavailable") return { error: MESSAGES.quantityNotAvailable };
  if (problem === "invalid") return { error: MESSAGES.quantityNotOffered };
  // The option's own value: '0.3333' posted for a third still means exactly one third.
  return { quantity: quantityOptions(rules).find((q) => sameQuantity(q, asked)) ?? asked };
}

/** A photo may only come with the disclaimer accepted, and within the API's size limit. */
function photoErrors(
  photo: File | null,
  consent: boolean,
  options: ItemSchemaOptions,
): FieldErrors {
  if (!options.acceptsPhoto) return {};
  if (options.photoTooLarge) return { [FIELD.photo]: MESSAGES.photoTooLarge };
  if (!photo) return {};
  if (!consent) return { [FIELD.photoConsent]: MESSAGES.photoConsent };
  if (photo.size > PHOTO_MAX_BYTES) return { [FIELD.photo]: MESSAGES.photoTooLarge };
  return {};
}

/** The summary's title for these errors: required facets first, then an unavailable quantity. */
function problemTitle(errors: FieldErrors, missingAny: boolean, photo: FieldErrors): string {
  if (missingAny) return MESSAGES.completeRequired;
  if (errors[FIELD.quantity] === MESSAGES.quantityNotAvailable)
    return MESSAGES.quantityNotAvailable;
  if (Object.keys(errors).length) return MESSAGES.correctFields;
  return Object.values(photo)[0] ?? MESSAGES.correctFields;
}

/**
 * The product form's schema: the quantity among those offered, each facet within its choice limit
 * and text length, the notes within theirs, every visible required facet chosen, and a photo only
 * with its disclaimer and within the size limit.
 */
export function itemFormSchema(
  product: ProductRules,
  quantityRules: QuantityRules,
  options: ItemSchemaOptions,
) {
  return z.unknown().transform((payload, ctx): ItemPost => {
    const state = itemStateFromPayload(payload, product);
    const errors: FieldErrors = {};
    const quantity = checkQuantity(state.quantity, quantityRules);
    if ("error" in quantity) errors[FIELD.quantity] = quantity.error;

    for (const facet of product.facets) {
      const limit = facet.type === "custom-message" ? 1 : facet.choice_limit;
      const chosen = state.preferences.filter(
        (p) => p.facet_id === facet.id && p.choice_id !== null,
      );
      if (limit && limit > 0 && chosen.length > limit)
        errors[facetErrorKey(facet.id)] = tooManyChoicesMessage(facet.name, limit);
    }
    // The API's own check (core/rules), on the texts as they will be sent.
    for (const [facetId, message] of Object.entries(textsTooLong(product, state.preferences)))
      errors[facetErrorKey(Number(facetId))] = message;
    const notes = state.notes.trim();
    if (notes.length > NOTES_MAX_LENGTH) errors[FIELD.notes] = MESSAGES.notesTooLong;

    const preferences = itemPreferences(product, state.preferences);
    const missing = missingRequired(product, preferences);
    for (const [facetId, message] of Object.entries(missing))
      errors[facetErrorKey(Number(facetId))] ??= message;

    const posted = asRecord(payload)[FIELD.photo];
    const photo = posted instanceof File && posted.size > 0 && options.acceptsPhoto ? posted : null;
    const photoProblems = photoErrors(photo, state.photoConsent, options);

    if ("error" in quantity || Object.keys(errors).length || Object.keys(photoProblems).length) {
      const title = problemTitle(errors, Object.keys(missing).length > 0, photoProblems);
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: title });
      for (const [key, message] of Object.entries({ ...errors, ...photoProblems }))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: key.split("."), message });
      return z.NEVER;
    }
    return {
      item: { quantity: quantity.quantity, preferences, notes: notes || null },
      state,
      photo,
    };
  });
}

// Where the browser's form reads its errors without loading the schema (see item-form.ts).
export { itemFormProblem } from "./item-form";

/**
 * The browser's check before the form is sent (conform's onValidate): the schema, read as the
 * action reads it. The page loads this module when the shopper starts on the form.
 */
export function checkItemForm(formData: FormData, schema: ReturnType<typeof itemFormSchema>) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}

/** A problem found after the schema (an API refusal) as a result for conform's `lastResult`. */
export function itemFormResult(problem: ItemFormProblem): SubmissionResult<string[]> {
  const error: Record<string, string[]> = { "": [problem.message] };
  for (const [key, message] of Object.entries(problem.errors)) error[key] = [message];
  return { status: "error", error };
}
