/**
 * Helpers for the Express edge tests: an app on an ephemeral loopback port, and raw HTTP requests
 * that can declare a body and send only part of it (to show a body is refused before it is read).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import { answerUnparsedMethods } from "../../server/methods";

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(app: Express): Promise<Running> {
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  answerUnparsedMethods(server);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the request body written before the answer came. */
  bytesSent: number;
}

/**
 * Sends a request and writes `chunks` one by one, a little apart, stopping as soon as the answer
 * starts: the answer says how much of the body the server had been sent by then.
 */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string | number> },
  chunks: Iterable<Buffer> = [],
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let bytesSent = 0;
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => (body += part));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, bytesSent }),
        );
        res.on("error", reject);
      },
    );
    // The server closing mid-upload is expected once it has answered.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const iterator = chunks[Symbol.iterator]();
    const writeNext = () => {
      if (answered) return;
      const next = iterator.next();
      if (next.done) return void req.end();
      bytesSent += next.value.length;
      req.write(next.value, () => setTimeout(writeNext, 2));
    };
    writeNext();
  });
}

/** `count` chunks of `size` bytes of form text. */
export function* formChunks(count: number, size = 64 * 1024): Generator<Buffer> {
  yield Buffer.from("text=");
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, "a");
}
