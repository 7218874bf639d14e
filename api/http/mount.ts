/**
 * Mounts a call of the table (core/contract/calls.ts) on a router: its path ids, query and body
 * are read with the entry's schemas before the handler runs, and the handler's answer is sent with
 * the entry's status. The errors are the API's usual ones: a path id that is not a positive
 * integer is the 404 of what it names, a query or body that fails its schema the 422 with errors
 * per field (the entry's `bodyCode` in place of `invalid`).
 */
import type { AnswerInputOf, BodyOf, CallEntry, IdsOf, QueryOf } from "@core/contract/calls";
import type { Request, RequestHandler, Response, Router } from "express";
import { LRUCache } from "lru-cache";
import { HttpError } from "./errors";
import { route, sendJson } from "./handler";
import { parseWith, pathId } from "./validation";

/** What a handler is given: the call's ids, query and body as read, and the request itself. */
export interface CallInput<C extends CallEntry> {
  ids: IdsOf<C>;
  query: QueryOf<C>;
  body: BodyOf<C>;
  req: Request;
  res: Response;
}

export type CallHandler<C extends CallEntry> = (input: CallInput<C>) => Promise<AnswerInputOf<C>>;

/** A call mounted on a router, kept for the in-process transport (./in-process.ts). */
export interface MountedCall {
  call: CallEntry;
  handler: CallHandler<CallEntry>;
}

const mountedOn = new WeakMap<Router, MountedCall[]>();

/** The calls of the table mounted on `router`, in the order they were mounted. */
export function mountedCalls(router: Router): readonly MountedCall[] {
  return mountedOn.get(router) ?? [];
}

/** `/orders/{id}` → `/orders/:id`; an enum parameter matches its values only (`:event(view|add)`). */
function expressPath(call: CallEntry): string {
  return call.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const schema = call.params?.shape[name] as { options?: unknown } | undefined;
    const options = Array.isArray(schema?.options) ? (schema.options as string[]) : null;
    return options ? `:${name}(${options.join("|")})` : `:${name}`;
  });
}

function readBody(call: CallEntry, req: Request): unknown {
  if (!call.body || call.multipart) return undefined;
  try {
    return parseWith(call.body, req.body ?? {});
  } catch (error) {
    if (call.bodyCode && error instanceof HttpError && error.status === 422)
      throw new HttpError(422, error.message, error.errors, call.bodyCode);
    throw error;
  }
}

/** Per call, the queries read lately, by their text: most calls are asked with few queries. */
const readQueries = new WeakMap<CallEntry, LRUCache<string, object>>();
const READ_QUERIES = 500;

/**
 * The call's query read with its schema (a pure function of the query), once per distinct query:
 * zod's reading was the largest part of a kept search's own time after Express's. The result is
 * shared by the calls that ask the same: frozen, with its lists. A refused query is read again.
 */
function readQuery(call: CallEntry, query: unknown): unknown {
  let read = readQueries.get(call);
  if (!read) readQueries.set(call, (read = new LRUCache({ max: READ_QUERIES })));
  const key = JSON.stringify(query);
  const kept = read.get(key);
  if (kept) return kept;
  const value = parseWith(call.query!, query) as Record<string, unknown>;
  for (const each of Object.values(value)) if (Array.isArray(each)) Object.freeze(each);
  read.set(key, Object.freeze(value));
  return value;
}

/** Reads a call's path ids, query and body as its entry says (ids first: a bad one is a 404). */
export function readCall<C extends CallEntry>(
  call: C,
  req: Request,
): Omit<CallInput<C>, "req" | "res"> {
  const ids: Record<string, number> = {};
  for (const [name, what] of Object.entries(call.ids ?? {})) ids[name] = pathId(req, name, what);
  const query = call.query ? readQuery(call, req.query) : undefined;
  const body = readBody(call, req);
  return { ids, query, body } as Omit<CallInput<C>, "req" | "res">;
}

/**
 * Mounts `call` on `router`: `handler` gets the call read and answers its body, which is sent with
 * the entry's status (204: nothing). `before` runs ahead of the reading (a raw body parser). The
 * handler is also kept beside the router, for the in-process transport; a call with `before` is
 * not (it reads the request itself).
 */
export function mount<C extends CallEntry>(
  router: Router,
  call: C,
  handler: CallHandler<C>,
  ...before: RequestHandler[]
): void {
  if (before.length === 0) {
    const calls = mountedOn.get(router) ?? [];
    calls.push({ call, handler: handler as unknown as CallHandler<CallEntry> });
    mountedOn.set(router, calls);
  }
  router[call.method](
    expressPath(call),
    ...before,
    route(async (req, res) => {
      const answer = await handler({ ...readCall(call, req), req, res });
      if (res.headersSent) return;
      if (call.answer.status === 204) res.status(204).end();
      else sendJson(res.status(call.answer.status), answer);
    }),
  );
}
