/**
 * The structured log lines (core/log/logger.ts) a test's code writes to stderr, parsed, instead of
 * shown: the storefront's warnings and errors, the API's warnings and errors.
 */
import { vi } from "vitest";

export function captureLogLines(): { lines: Record<string, unknown>[]; restore(): void } {
  const lines: Record<string, unknown>[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => {
    for (const line of String(chunk).split("\n")) {
      if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}
