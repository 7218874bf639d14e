/**
 * The Remix request handler. It does what @remix-run/express's handler does, except that:
 * - the request's context is made by the build's own entry (`createLoadContext`, the storefront's
 *   app/.server/request-context.ts), from the Fetch request and the edge's parts, so the context's
 *   shopper and API client are the modules the routes run, in development as in production;
 * - the shopper's cookies are committed here, once, after the route answered: whatever the answer
 *   (page, data, redirect, resource), only the cookies the request changed (`Shopper.commitTo`);
 * - route matching keeps its answers per path (./route-matching.ts, decision 047);
 * - the page's action reads the body through a byte counter (./bodies.ts): a chunked post past
 *   the cap stops being read, and whatever the action made of the broken body is replaced by the
 *   413 page.
 */
import {
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import type { EdgeContext as StorefrontEdgeContext } from "../app/.server/request-context";
import { readVariable } from "@core/config/environment";
import { cappedBody, sendTooLarge, type BodyCap } from "./bodies";
import { keepRouteMatches } from "./route-matching";

/** What the edge adds to every request's context (app/.server/request-context.ts `EdgeContext`). */
type EdgeContext = StorefrontEdgeContext;

/** The storefront's entry module: the build's server entry with its context factory. */
interface StorefrontEntry {
  createLoadContext(request: Request, edge: EdgeContext): Promise<AppLoadContext>;
}

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: Response) => EdgeContext;
  capFor: (req: ExpressRequest) => BodyCap;
  mode?: string;
}

function fetchRequest(req: ExpressRequest, res: Response, body: ReadableStream | null): Request {
  // req.hostname follows TRUST_PROXY; the port is the one the browser used.
  const port = /:(\d+)$/.exec(req.get("host") ?? "")?.[1];
  // Concatenated, not resolved: a path like //other.example must stay a path.
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      headers.append(name, one);
  }
  // The shopper went away before the answer was written: stop the loaders and actions.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal, body, duplex: "half" };
  return new Request(url, init as RequestInit);
}

async function send(
  res: Response,
  response: globalThis.Response,
  headers: Headers = response.headers,
): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** The router's data answer (`….data`) says "redirect" with this status (Remix single fetch). */
const DATA_REDIRECT_STATUS = 202;

/** Whether the route's answer sends the shopper elsewhere. */
function isRedirect(request: Request, response: globalThis.Response): boolean {
  if (response.status >= 300 && response.status < 400) return true;
  return (
    response.status === DATA_REDIRECT_STATUS && new URL(request.url).pathname.endsWith(".data")
  );
}

/** The context as the build's entry makes it; a build without one (a test's) gets the edge's parts. */
async function loadContextOf(
  build: ServerBuild,
  request: Request,
  edge: EdgeContext,
): Promise<AppLoadContext> {
  const entry = build.entry.module as Partial<StorefrontEntry>;
  if (entry.createLoadContext) return entry.createLoadContext(request, edge);
  return edge as AppLoadContext;
}

export function remixHandler(options: RemixHandlerOptions): RequestHandler {
  keepRouteMatches();
  const handle = createRemixHandler(
    options.build,
    options.mode ?? readVariable("NODE_ENV", process.env),
  );
  const { build: given } = options;
  const build = typeof given === "function" ? given : () => given;
  return async (req, res, next) => {
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const cap = hasBody ? options.capFor(req) : null;
      const body = cap ? cappedBody(req, cap.bytes) : null;
      const request = fetchRequest(req, res, body?.stream ?? null);
      const context = await loadContextOf(await build(), request, options.getLoadContext(req, res));
      const response = await handle(request, context);
      if (cap && body?.tooLarge()) {
        await response.body?.cancel();
        return sendTooLarge(req, res, cap);
      }
      // The one place the shopper's cookies are written.
      const headers = new Headers(response.headers);
      // A test's bare build makes no shopper.
      await (context as Partial<AppLoadContext>).shopper?.commitTo(headers, {
        status: response.status,
        redirected: isRedirect(request, response),
      });
      await send(res, response, headers);
    } catch (error) {
      next(error);
    }
  };
}
