/**
 * A Host header that names no host (`Host: a b`, a path or credentials in it) is refused with 400
 * before anything builds a URL from it: Express's `req.hostname` and Remix's Request would
 * otherwise fail deep down and answer 500. A request without Host (HTTP/1.0) goes on as before.
 */
import type { RequestHandler } from "express";
import { BAD_REQUEST_MESSAGE } from "../app/lib/error-catalogue";
import { sendEdgeAnswer } from "./answers";

/** A host name or address, with an optional port: what `http://HOST/` can be parsed from. */
export function isWellFormedHost(value: string): boolean {
  return /^[^\s/\\?#@]+$/.test(value) && URL.canParse(`http://${value}/`);
}

export function refuseMalformedHost(): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host;
    if (host === undefined || isWellFormedHost(host)) return next();
    sendEdgeAnswer(req, res, { status: 400, message: BAD_REQUEST_MESSAGE }, true);
  };
}
