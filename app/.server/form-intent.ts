/**
 * Which of a route's forms was posted: the `intent` field, read with a zod discriminated union of
 * the route's intents, each with the fields its function needs.
 */
import type { z } from "zod";

/** Every value of a form as text, the last one where a name repeats (files are left out). */
function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** The posted intent and its fields, or null when the form names no intent the route knows. */
export function readIntent<Schema extends z.ZodTypeAny>(
  form: FormData,
  intents: Schema,
): z.infer<Schema> | null {
  const parsed = intents.safeParse(formFields(form));
  return parsed.success ? (parsed.data as z.infer<Schema>) : null;
}
