/**
 * Which of a route's forms was posted: the `intent` field, read with conform's parse and a zod
 * discriminated union of the route's intents, each with the fields its function needs.
 */
import { parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

/** The posted intent and its fields, or null when the form names no intent the route knows. */
export function readIntent<Schema extends z.ZodTypeAny>(
  form: FormData,
  intents: Schema,
): z.infer<Schema> | null {
  const submission = parseWithZod(form, { schema: intents, disableAutoCoercion: true });
  return submission.status === "success" ? (submission.value as z.infer<Schema>) : null;
}
