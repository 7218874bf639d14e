/**
 * Methods the app answers. Anything else (TRACE, TRACK, CONNECT, PATCH, WebDAV verbs…) gets 405
 * with `Allow`, never a 500 from deeper down (Remix cannot even build a Request for TRACE).
 * Node's HTTP parser rejects methods it does not know (TRACK) and CONNECT before Express sees
 * them, so those are answered on the server itself.
 */
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { sendEdgeAnswer } from "./answers";

/** Pages are read (GET, HEAD) and take form posts (POST); OPTIONS only says so. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"];
/** The API's routers use these (OPTIONS is answered by Express's router). */
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];

const METHOD_NOT_ALLOWED_MESSAGE = "This address does not accept that kind of request.";

export function allowMethods(allowed: readonly string[]): RequestHandler {
  const allow = allowed.join(", ");
  return (req, res, next) => {
    if (allowed.includes(req.method)) return next();
    if (req.method === "OPTIONS") {
      res.setHeader("Allow", allow);
      res.status(204).end();
      return;
    }
    // The body, if any, is not wanted: close rather than drain it.
    sendEdgeAnswer(
      req,
      res,
      { status: 405, message: METHOD_NOT_ALLOWED_MESSAGE, headers: { Allow: allow } },
      true,
    );
  };
}

function rawMethodNotAllowed(socket: Duplex) {
  if (!socket.writable) return void socket.destroy();
  // No parsed request to tell a page from the API: plain text serves both.
  const body = `Method Not Allowed. ${METHOD_NOT_ALLOWED_MESSAGE}\n`;
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\n" +
      `Allow: ${PAGE_METHODS.join(", ")}\r\n` +
      "Content-Type: text/plain; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}

/** CONNECT (no tunnels here) and methods the parser does not know answer 405 too. */
export function answerUnparsedMethods(server: Server): void {
  server.on("connect", (_req, socket: Duplex) => rawMethodNotAllowed(socket));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === "HPE_INVALID_METHOD") return rawMethodNotAllowed(socket);
    // Node's own answer for the rest (400, 408, 431), as without this listener.
    if (!socket.writable) return void socket.destroy();
    const status =
      error.code === "HPE_HEADER_OVERFLOW"
        ? "431 Request Header Fields Too Large"
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? "408 Request Timeout"
          : "400 Bad Request";
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  });
}
