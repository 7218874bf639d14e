import { nulPath } from "@core/contract/params";
import { parseCanonicalId } from "@core/rules/ids";
import type { Request } from "express";
import type { z, ZodTypeAny } from "zod";
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

export const parseBody = <S extends ZodTypeAny>(schema: S, req: Request): z.output<S> =>
  parseWith(schema, req.body ?? {});

/** A path id names a resource: anything but a positive integer names none, so it is a 404. */
export function pathId(req: Request, name = "id", what = "resource"): number {
  const id = parseCanonicalId(req.params[name]);
  if (id === null) throw notFound(what);
  return id;
}
