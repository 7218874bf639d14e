import { parseCanonicalId } from "@core/rules/ids";
import type { Request } from "express";
import { z, type ZodTypeAny } from "zod";
import { invalid, notFound } from "./errors";

/** Turns zod issues into `{ field: [messages] }`, the shape every 422 of this API uses. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "generic";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Where a NUL character sits in a value: PostgreSQL text cannot hold one (a 500 on insert or compare). */
function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
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

export function parseWith<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const nul = nulPath(input);
  if (nul)
    throw invalid({
      [nul.length ? nul.join(".") : "generic"]: ["Must not contain NUL characters."],
    });
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

export const parseQuery = <S extends ZodTypeAny>(schema: S, req: Request): z.output<S> =>
  parseWith(schema, req.query);

export const parseBody = <S extends ZodTypeAny>(schema: S, req: Request): z.output<S> =>
  parseWith(schema, req.body ?? {});

/** A path id names a resource: anything but a positive integer names none, so it is a 404. */
export function pathId(req: Request, name = "id", what = "resource"): number {
  const id = parseCanonicalId(req.params[name]);
  if (id === null) throw notFound(what);
  return id;
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

/** Query schemas shared by several calls. */
export const queryId = coercedNumber(
  z.coerce
    .number({ invalid_type_error: "Must be a whole number." })
    .int("Must be a whole number.")
    .positive("Must be a positive whole number.")
    .max(2_147_483_647, "Is too large."),
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
