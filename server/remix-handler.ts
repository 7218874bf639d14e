/**
 * The Remix request handler. It does what @remix-run/express's handler does, except that the
 * page's action reads the body through a byte counter (./bodies.ts): a chunked post past the cap
 * stops being read, and whatever the action made of the broken body is replaced by the 413 page.
 */
import {
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response } from "express";
import { readVariable } from "@core/config/environment";
import { cappedBody, sendTooLarge, type BodyCap } from "./bodies";

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: Response) => AppLoadContext;
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

async function send(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function remixHandler(options: RemixHandlerOptions): RequestHandler {
  const handle = createRemixHandler(
    options.build,
    options.mode ?? readVariable("NODE_ENV", process.env),
  );
  return async (req, res, next) => {
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const cap = hasBody ? options.capFor(req) : null;
      const body = cap ? cappedBody(req, cap.bytes) : null;
      const response = await handle(
        fetchRequest(req, res, body?.stream ?? null),
        options.getLoadContext(req, res),
      );
      if (cap && body?.tooLarge()) {
        await response.body?.cancel();
        return sendTooLarge(req, res, cap);
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
