import type { NextFunction, Request, RequestHandler, Response } from "express";

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
