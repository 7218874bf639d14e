/**
 * The API answering the storefront in its own process (decision 045): each call of the table goes
 * to the handler mount() registered for it, after the same middleware the HTTP API runs for it
 * (the edge's rate limits, the shared-data version, the API key's caller), through a small
 * request/response pair in place of Node's. No socket, no HTTP parsing, no compression and no
 * JSON text: the answer is a plain copy of what the handler returned (shared with no cache of the
 * API's), and a refusal is the same error body, with the same status, that HTTP would carry.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { CALLS } from "@core/contract/calls";
import {
  jsonCopy,
  type InProcessAnswer,
  type InProcessApi,
  type InProcessRequest,
} from "@core/contract/in-process";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { notFound } from "./errors";
import { readCall, type MountedCall } from "./mount";

/** What the API's error handler makes of a failure: its status, headers and body. */
export type ErrorAnswer = (
  error: unknown,
  where: { path: string; requestId: string },
) => { status: number; body: unknown; headers?: Record<string, string> };

export interface InProcessSettings {
  /** The calls the API's routers mounted (mount.ts keeps them). */
  calls: readonly MountedCall[];
  /** The middleware every call goes through over HTTP, in order, before its router. */
  before: readonly RequestHandler[];
  /** The API key → caller guard every call but a keyless one goes through. */
  requireKey: RequestHandler;
  errorAnswer: ErrorAnswer;
}

/** Where the storefront's HTTP calls come from: this machine, nothing forwarded. */
const LOOPBACK = "127.0.0.1";

/** The answer side: what Express's response offers the middleware and handlers of the API. */
class Answer extends EventEmitter {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  locals: Record<string, unknown> = {};
  body: unknown = undefined;
  readonly headers: Record<string, string> = {};
  onEnd: () => void = () => {};

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: unknown) {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    return this;
  }
  set(name: string | Record<string, string>, value?: string) {
    if (typeof name === "string") return this.setHeader(name, value);
    for (const [key, each] of Object.entries(name)) this.setHeader(key, each);
    return this;
  }
  header(name: string, value: string) {
    return this.setHeader(name, value);
  }
  append(name: string, value: string) {
    const had = this.getHeader(name);
    return this.setHeader(name, had ? `${had}, ${value}` : value);
  }
  getHeader(name: string): string | undefined {
    return this.headers[name.toLowerCase()];
  }
  hasHeader(name: string) {
    return name.toLowerCase() in this.headers;
  }
  removeHeader(name: string) {
    delete this.headers[name.toLowerCase()];
  }
  type() {
    return this;
  }
  json(body: unknown) {
    this.body = body;
    return this.end();
  }
  send(body: unknown) {
    return this.json(body);
  }
  end() {
    this.headersSent = true;
    this.writableEnded = true;
    this.onEnd();
    return this;
  }
  /** The answer has gone out: counted by whatever waits for it (a rate limit's refund). */
  finish() {
    this.headersSent = true;
    this.writableEnded = true;
    this.emit("finish");
    this.emit("close");
  }
}

function requestFor(call: InProcessRequest, method: string): Request {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query)) {
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, item);
    else search.append(key, value);
  }
  const text = search.toString();
  const url = `${call.path}${text ? `?${text}` : ""}`;
  const headers = call.headers;
  const get = (name: string) => headers[name.toLowerCase()];
  const req = {
    method,
    url,
    originalUrl: `/api/1${url}`,
    baseUrl: "",
    path: call.path,
    headers,
    params: { ...call.params },
    query: call.query,
    body: call.body,
    ip: LOOPBACK,
    ips: [],
    socket: { remoteAddress: LOOPBACK },
    app: { get: () => undefined },
    get,
    header: get,
    is: (type: string) => (headers["content-type"]?.startsWith(type) ? type : false),
  };
  return req as unknown as Request;
}

/** Runs one middleware: "next" when it passes the call on, "ended" when it answered. */
function run(handler: RequestHandler, req: Request, res: Answer): Promise<"next" | "ended"> {
  return new Promise((resolve, reject) => {
    res.onEnd = () => resolve("ended");
    const next: NextFunction = (error?: unknown) => {
      if (error && error !== "route" && error !== "router") reject(error);
      else resolve("next");
    };
    try {
      void handler(req, res as unknown as Response, next);
    } catch (error) {
      reject(error);
    }
  });
}

/** The enum parameters the HTTP route matches (`:event(view|add-to-cart)`): another is no route. */
function routeMatches(call: MountedCall["call"], params: Record<string, string>): boolean {
  for (const [name, schema] of Object.entries(call.params?.shape ?? {})) {
    const options = (schema as { options?: unknown }).options;
    if (Array.isArray(options) && !options.includes(params[name])) return false;
  }
  return true;
}

export function inProcessApi(settings: InProcessSettings): InProcessApi {
  const names = new Map<unknown, string>(Object.entries(CALLS).map(([name, call]) => [call, name]));
  const byName = new Map<string, MountedCall>();
  for (const mounted of settings.calls) {
    const name = names.get(mounted.call);
    if (name) byName.set(name, mounted);
  }

  async function answer(mounted: MountedCall, req: Request, res: Answer): Promise<void> {
    for (const middleware of settings.before) {
      if ((await run(middleware, req, res)) === "ended") return;
    }
    if (!routeMatches(mounted.call, req.params)) throw notFound("resource");
    if (mounted.call.kind !== "keyless") {
      if ((await run(settings.requireKey, req, res)) === "ended") return;
    }
    res.onEnd = () => {};
    const read = readCall(mounted.call, req);
    const body = await mounted.handler({ ...read, req, res: res as unknown as Response });
    if (res.headersSent) return;
    res.statusCode = mounted.call.answer.status;
    res.body = mounted.call.answer.status === 204 ? undefined : body;
  }

  return {
    handles: (name) => byName.has(name),
    async dispatch(call) {
      const mounted = byName.get(call.name);
      if (!mounted) throw new Error(`No in-process handler for ${call.name}`);
      const req = requestFor(call, mounted.call.method.toUpperCase());
      const res = new Answer();
      try {
        await answer(mounted, req, res);
      } catch (error) {
        const refused = settings.errorAnswer(error, {
          path: call.path,
          requestId: String(res.locals.requestId ?? randomUUID()),
        });
        for (const [name, value] of Object.entries(refused.headers ?? {}))
          res.setHeader(name, value);
        res.statusCode = refused.status;
        res.body = refused.body;
      }
      res.finish();
      const result: InProcessAnswer = {
        status: res.statusCode,
        headers: res.headers,
        body: res.body === undefined ? undefined : jsonCopy(res.body),
      };
      return result;
    },
  };
}
