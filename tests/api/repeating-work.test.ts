/**
 * The loop every background job runs on (api/services/repeating-work.ts): one run at a time, a
 * failure logged and tried again on the next tick, nothing run once stopped.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "../../api/logger";
import { repeatEvery } from "../../api/services/repeating-work";

afterEach(() => {
  vi.useRealTimers();
});

/** Work whose runs are counted and each finishes only when the test says so. */
function heldWork() {
  const finishers: ((error?: Error) => void)[] = [];
  const work = vi.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        finishers.push((error) => (error ? reject(error) : resolve()));
      }),
  );
  const finishLast = async (error?: Error) => {
    finishers.at(-1)!(error);
    // Lets the loop see the run end (its catch and finally).
    await vi.advanceTimersByTimeAsync(0);
  };
  return { work, finishLast };
}

describe("repeatEvery", () => {
  it("runs now when asked, then on its timer, and skips a tick while a run is still going", async () => {
    vi.useFakeTimers();
    const { work, finishLast } = heldWork();
    const stop = repeatEvery(1_000, work, { failure: "test work failed", runNow: true });
    try {
      expect(work).toHaveBeenCalledTimes(1);
      // Three ticks while the first run is held: none starts another (no pile-up behind it).
      await vi.advanceTimersByTimeAsync(3_000);
      expect(work).toHaveBeenCalledTimes(1);
      await finishLast();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(work).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });

  it("logs a failed run and tries again on the next tick; stopped, it runs no more", async () => {
    vi.useFakeTimers();
    const { work, finishLast } = heldWork();
    const stop = repeatEvery(1_000, work, { failure: "test work failed" });
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    await finishLast(new Error("database away"));
    expect(warn).toHaveBeenCalledWith("test work failed", { error: "database away" });
    warn.mockRestore();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(2);
    await finishLast();
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(work).toHaveBeenCalledTimes(2);
  });
});
