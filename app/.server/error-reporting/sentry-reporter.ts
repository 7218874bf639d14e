/**
 * The error-reporting service adapter: sends each report as one event to a Sentry-compatible
 * service (Sentry, GlitchTip, self-hosted Sentry) through its HTTP envelope endpoint, so no SDK is
 * needed. Formats followed:
 * - DSN `https://KEY@HOST[/PATH]/PROJECT` → POST `https://HOST[/PATH]/api/PROJECT/envelope/`,
 *   authenticated by the `X-Sentry-Auth` header (https://develop.sentry.dev/sdk/overview/#parsing-the-dsn
 *   and #authentication);
 * - the envelope: a header line, an item header line, the event JSON
 *   (https://develop.sentry.dev/sdk/data-model/envelopes/), the event as in
 *   https://develop.sentry.dev/sdk/data-model/event-payloads/.
 *
 * A report is sent in the background with a short timeout; a failed or refused delivery is a
 * warning in the log, never an error thrown at the page.
 */
import { randomUUID } from "node:crypto";
import { describeError, logWarning } from "../log";
import type { ErrorReporter } from "./types";

/** Where a DSN sends events. */
export interface DsnTarget {
  endpoint: string;
  publicKey: string;
  /** The DSN without any secret part, as the envelope header names it. */
  dsn: string;
}

/** The envelope endpoint and key of a DSN, or null if it is not one. */
export function parseDsn(value: string): DsnTarget | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const segments = url.pathname.split("/");
  const project = segments.pop() ?? "";
  if (!["https:", "http:"].includes(url.protocol) || !url.username || !/^\w+$/.test(project)) {
    return null;
  }
  const prefix = segments.join("/").replace(/\/+$/, "");
  const base = `${url.protocol}//${url.host}${prefix}`;
  return {
    endpoint: `${base}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn: `${url.protocol}//${url.username}@${url.host}${prefix}/${project}`,
  };
}

export interface SentryReporterOptions {
  /** The storefront's version, the event's release. */
  release: string;
  /** How long a delivery may take before it is given up. */
  timeoutMs?: number;
}

/** One V8 stack line: "at fn (file:line:col)" or "at file:line:col". */
const STACK_LINE = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;

/** The stack's frames, oldest call first (the event format's order). */
function stackFrames(stack: string | undefined) {
  const frames = (stack ?? "").split("\n").flatMap((line) => {
    const match = STACK_LINE.exec(line);
    if (!match) return [];
    const [, fn, filename = "", lineno, colno] = match;
    return [
      {
        function: fn ?? "?",
        filename,
        lineno: Number(lineno),
        colno: Number(colno),
        in_app: !filename.includes("node_modules") && !filename.startsWith("node:"),
      },
    ];
  });
  return frames.reverse();
}

/** The envelope of one error event: header, item header and payload, one JSON value a line. */
function errorEnvelope(
  target: DsnTarget,
  release: string,
  error: unknown,
  context: Parameters<ErrorReporter["report"]>[1],
): string {
  const eventId = randomUUID().replaceAll("-", "");
  const { action, path, ...extra } = context;
  const { error: type, errorMessage, stack, ...details } = describeError(error);
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "node",
    level: "error",
    logger: "order-express.storefront",
    release: `order-express@${release}`,
    ...(path ? { transaction: path } : {}),
    message: { formatted: action },
    exception: {
      values: [
        {
          type: String(type ?? "Error"),
          value: String(errorMessage ?? type),
          ...(typeof stack === "string" ? { stacktrace: { frames: stackFrames(stack) } } : {}),
        },
      ],
    },
    extra: { ...details, ...extra },
  };
  const payload = JSON.stringify(event);
  return [
    JSON.stringify({ event_id: eventId, sent_at: new Date().toISOString(), dsn: target.dsn }),
    JSON.stringify({
      type: "event",
      content_type: "application/json",
      length: Buffer.byteLength(payload),
    }),
    payload,
  ].join("\n");
}

export function createSentryReporter(
  target: DsnTarget,
  { release, timeoutMs = 3_000 }: SentryReporterOptions,
): ErrorReporter {
  const auth = `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=order-express/${release}`;
  return {
    async report(error, context) {
      try {
        const response = await fetch(target.endpoint, {
          method: "POST",
          headers: { "content-type": "application/x-sentry-envelope", "x-sentry-auth": auth },
          body: errorEnvelope(target, release, error, context),
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (!response.ok) {
          logWarning("The error-reporting service refused a report", { status: response.status });
        }
      } catch (failure) {
        logWarning("Could not send an error report", describeError(failure));
      }
    },
  };
}
