/**
 * Building blocks of the contract's request shapes: numbers coerced safely from a query or body,
 * ids, positions and the `include` list. Used by the API to validate and by clients to build calls.
 */
import { z, type ZodTypeAny } from "zod";
import { MAX_ID } from "../rules/ids";

/**
 * Where a NUL character sits in a value (its path; [] for the value itself), or null. PostgreSQL
 * text cannot hold one, so the API refuses it before any query (it would be a 500 there).
 */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (typeof value !== "object" || value === null || depth > 20) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes("\u0000")
      ? [...path, key]
      : nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * z.coerce.number() calls Number(value), which throws a TypeError (a 500) for an object such as
 * `{"toString": 1}` from a JSON body or `a[toString]=1` from a query: only strings, numbers and
 * missing values are coerced; any other value is NaN, so it fails as "not a number".
 */
export const coercedNumber = <S extends ZodTypeAny>(schema: S) =>
  z.preprocess(
    (value) =>
      value === undefined || typeof value === "string" || typeof value === "number"
        ? value
        : Number.NaN,
    schema,
  );

/** A positive 32-bit id, in a query or a body. */
export const queryId = coercedNumber(
  z.coerce
    .number({ invalid_type_error: "Must be a whole number." })
    .int("Must be a whole number.")
    .positive("Must be a positive whole number.")
    .max(MAX_ID, "Is too large."),
);

/** A whole number between `min` and `max`, `fallback` when missing. */
export const wholeNumber = (min: number, max: number, fallback: number, tooLarge?: string) =>
  coercedNumber(
    z.coerce
      .number({ invalid_type_error: "Must be a whole number." })
      .int("Must be a whole number.")
      .min(min, `Must be at least ${min}.`)
      .max(max, tooLarge ?? `Must be at most ${max}.`)
      .default(fallback),
  );

export const latitude = coercedNumber(
  z.coerce
    .number({ invalid_type_error: "Must be a number." })
    .min(-90, "Must be between -90 and 90.")
    .max(90, "Must be between -90 and 90."),
);

export const longitude = coercedNumber(
  z.coerce
    .number({ invalid_type_error: "Must be a number." })
    .min(-180, "Must be between -180 and 180.")
    .max(180, "Must be between -180 and 180."),
);

/**
 * The `include` parameter: comma-separated, dotted for nesting. Naming "a.b" includes "a" too.
 * Anything not in `allowed` is a 422, so a typo is noticed instead of silently ignored.
 */
export function includeParam<const T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .optional()
    .describe(`Comma-separated relations: ${allowed.join(", ")}`)
    .transform((value, ctx) => {
      const names = new Set<T>();
      for (const raw of (value ?? "").split(",")) {
        const name = raw.trim();
        if (!name) continue;
        if (!(allowed as readonly string[]).includes(name)) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `Unknown include "${name}". Allowed: ${allowed.join(", ")}.`,
          });
          continue;
        }
        const parts = name.split(".");
        for (let i = 1; i <= parts.length; i++) {
          const prefix = parts.slice(0, i).join(".");
          if ((allowed as readonly string[]).includes(prefix)) names.add(prefix as T);
        }
      }
      return names;
    });
}

/** Bracket-style arrays (`brands[]=A&brands[]=B`) arrive as an array; a single value as a string. */
export const oneOrMany = <S extends ZodTypeAny>(one: S, many: z.ZodArray<S>) =>
  z
    .union([one, many])
    .optional()
    .transform((v): z.output<S>[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/** A yes/no query parameter: 1 or true is yes; absent, 0 or false is no. */
export const queryFlag = z
  .enum(["0", "1", "true", "false"], { errorMap: () => ({ message: "Must be 1 or 0." }) })
  .optional()
  .transform((v) => v === "1" || v === "true");

/** A path id, as documented: the API answers 404 for anything but a canonical id up to MAX_ID. */
export const pathIdParam = z.number().int().min(1).max(MAX_ID);

/** The envelope of docs/api.md: `{ data }` for one resource, `{ data: [], meta }` for a list. */
export const included = <T extends ZodTypeAny>(schema: T) => z.object({ data: schema });
export const singleResource = <T extends ZodTypeAny>(schema: T) => z.object({ data: schema });
export const listResource = <T extends ZodTypeAny>(schema: T) =>
  z.object({ data: z.array(schema), meta: z.object({ count: z.number() }).passthrough() });
