import type { NextFunction, Request, RequestHandler, Response } from "express";
import { isKeptAnswer } from "../db/unchanged";

/** Wraps an async route so a rejection reaches the JSON error handler instead of hanging. */
export function route(fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    fn(req, res).then((body) => {
      if (body !== undefined && !res.headersSent) res.json(body);
    }, next);
  };
}

/** The envelope of docs/api.md: `{ data }` for one resource, `{ data, meta }` for a list. */
export const item = <T>(data: T) => ({ data });
export const list = <T, M extends Record<string, unknown> = Record<never, never>>(
  data: T[],
  meta: M = {} as M,
) => ({
  data,
  meta: { count: data.length, ...meta },
});

/** The JSON text of kept answers, and its ETag: frozen through and through, they cannot change. */
const texts = new WeakMap<object, { body: Buffer; etag: string | undefined }>();

/**
 * `res.json(answer)`, with what it makes of a kept answer (db/unchanged.ts) kept beside it: the
 * text, and the ETag Express would hash from it, are made the first time only. Same headers and
 * body; Express's own path wherever the app changes how it writes JSON.
 */
export function sendJson(res: Response, answer: unknown) {
  const app = res.app;
  if (
    !isKeptAnswer(answer) ||
    res.get("Content-Type") ||
    res.get("ETag") ||
    app.get("json replacer") ||
    app.get("json spaces") ||
    app.get("json escape")
  ) {
    res.json(answer);
    return;
  }
  let text = texts.get(answer);
  if (!text) {
    const body = Buffer.from(JSON.stringify(answer), "utf8");
    const etagOf = app.get("etag fn") as ((body: Buffer) => string | undefined) | undefined;
    texts.set(answer, (text = { body, etag: etagOf?.(body) }));
  }
  // What res.json then res.send set for a string: the type with its charset, the ETag.
  res.set("Content-Type", "application/json; charset=utf-8");
  if (text.etag) res.set("ETag", text.etag);
  res.send(text.body);
}
