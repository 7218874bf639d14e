/**
 * Request bodies are capped before they are read (numbers in ./limits.ts). A declared
 * Content-Length over the cap is refused at once with 413, without reading the body; a chunked
 * body is counted as it streams and refused as soon as it passes the cap. Either way the
 * connection is closed after the answer rather than draining the rest.
 */
import { Readable, Transform } from "node:stream";
import type { Request, RequestHandler } from "express";
import { sendEdgeAnswer } from "./answers";
import { bodyTooLargeMessage, type BodyLimits } from "@core/rules/limits";

export interface BodyCap {
  bytes: number;
  message: string;
}

/** Multipart posts (a photo) get their own cap; every other body `other`. */
function capsBy(multipartCap: BodyCap, other: BodyCap): (req: Request) => BodyCap {
  return (req) => (req.is("multipart/form-data") ? multipartCap : other);
}

const cap = (bytes: number, kind: Parameters<typeof bodyTooLargeMessage>[1]): BodyCap => ({
  bytes,
  message: bodyTooLargeMessage(bytes, kind),
});

/** The storefront's caps: multipart (a photo) or anything else (forms, JSON). */
export function storefrontBodyCap(limits: BodyLimits): (req: Request) => BodyCap {
  return capsBy(cap(limits.multipart, "multipart"), cap(limits.form, "form"));
}

/** The API's caps: multipart (a photo), else JSON (capped again while parsed by express.json). */
export function apiBodyCap(limits: BodyLimits): (req: Request) => BodyCap {
  return capsBy(cap(limits.multipart, "api"), cap(limits.apiJson, "api"));
}

export function sendTooLarge(req: Request, res: Parameters<RequestHandler>[1], refused: BodyCap) {
  sendEdgeAnswer(req, res, { status: 413, message: refused.message }, true);
}

/** 413 for a declared Content-Length over the cap, before anything reads the body. */
export function refuseDeclaredLargeBodies(capFor: (req: Request) => BodyCap): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (!(declared > 0)) return next();
    const refused = capFor(req);
    if (declared > refused.bytes) return sendTooLarge(req, res, refused);
    next();
  };
}

/**
 * The request body as a web stream that errors once more than `cap` bytes came, and stops
 * reading the socket then. `tooLarge()` says whether that happened.
 */
export function cappedBody(req: Request, cap: number) {
  let seen = 0;
  let exceeded = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen <= cap) return done(null, chunk);
      exceeded = true;
      req.unpipe(counter);
      req.pause();
      done(new Error(`The request body is larger than ${cap} bytes.`));
    },
  });
  req.on("error", (error) => counter.destroy(error));
  req.pipe(counter);
  return {
    stream: Readable.toWeb(counter) as ReadableStream<Uint8Array>,
    tooLarge: () => exceeded,
  };
}
