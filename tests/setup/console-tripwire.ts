/**
 * Fails a test that writes anything unexpected to console.error: a React warning, a library's
 * complaint, a stray debug line. The process's structured log lines (core/log/logger.ts) go to
 * stdout and stderr directly, not through console.error; a JSON line with a level that does come
 * through here is still taken as output, not a surprise. A test that replaces console.error
 * itself keeps its own spy.
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
