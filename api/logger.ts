/**
 * The API's and the server's log: the process's one pino logger (core/log/logger.ts), and the
 * request log line. Structured JSON logs are also the default error-reporting adapter: one line
 * per event, so a log shipper can forward them to a real service.
 */
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { logger, logsRequests } from "@core/log/logger";

export { logger };

/** Gives each request an id (kept from X-Request-Id when sent) and logs it when it finishes. */
export function requestLogger(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = (req.get("x-request-id") || randomUUID()).slice(0, 64);
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    res.on("finish", () => {
      if (!logsRequests()) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger[res.statusCode >= 500 ? "error" : "info"]("request", {
        id,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    next();
  };
}
