/**
 * Fails a test that writes anything unexpected to console.error: a React warning, a library's
 * complaint, a stray debug line. The storefront's own structured log lines (app/.server/log.ts
 * writes one JSON object per line) are its output, not a surprise, and pass through. A test that
 * replaces console.error itself (to read those lines) keeps its own spy.
 */
import { afterEach, beforeEach, expect } from "vitest";

const original = console.error;
let unexpected: string[] = [];

function isStructuredLogLine(args: unknown[]): boolean {
  if (args.length !== 1 || typeof args[0] !== "string") return false;
  try {
    const parsed: unknown = JSON.parse(args[0]);
    return typeof parsed === "object" && parsed !== null && "level" in parsed;
  } catch {
    return false;
  }
}

beforeEach(() => {
  unexpected = [];
  console.error = (...args: unknown[]) => {
    if (!isStructuredLogLine(args)) unexpected.push(args.map(String).join(" "));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  expect(unexpected, "unexpected console.error output").toEqual([]);
});
