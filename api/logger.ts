/**
 * Structured JSON logs on stdout/stderr: the default error-reporting adapter. One line per event,
 * so a log shipper can forward them to a real service.
 */
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { readVariable } from "@core/config/environment";

type Fields = Record<string, unknown>;

/**
 * LOG_LEVEL, read on each line (tests quieten the log as they go). A value the schema refuses
 * stops the start (api/config.ts); until then, and for the line that says so, every line is kept.
 */
function logLevel() {
  try {
    return readVariable("LOG_LEVEL", process.env);
  } catch {
    return "info";
  }
}

/** LOG_REQUESTS, read as LOG_LEVEL is. */
function logsRequests() {
  try {
    return readVariable("LOG_REQUESTS", process.env);
  } catch {
    return true;
  }
}

function write(level: "info" | "warn" | "error", message: string, fields: Fields = {}) {
  const threshold = logLevel();
  if (threshold === "silent") return;
  if (level === "info" && threshold === "error") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  (level === "info" ? process.stdout : process.stderr).write(line + "\n");
}

export const logger = {
  info: (message: string, fields?: Fields) => write("info", message, fields),
  warn: (message: string, fields?: Fields) => write("warn", message, fields),
  error: (message: string, fields?: Fields) => write("error", message, fields),
};

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
      write(res.statusCode >= 500 ? "error" : "info", "request", {
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
