/**
 * The shape of every loop a server process runs beside its requests (api/services/background.ts):
 * the work runs now if asked and then on a timer, one run at a time. A tick that finds the last
 * run still going is skipped, so work slower than its interval never piles up behind itself. A
 * failure (the database or a provider away) is logged and the next tick tries again; the timer
 * never keeps the process alive. The answer stops the loop.
 */
import { logger } from "../logger";

export function repeatEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  options: { failure: string; runNow?: boolean },
): () => void {
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    void work()
      .catch((error: unknown) =>
        logger.warn(options.failure, {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        busy = false;
      });
  };
  if (options.runNow) tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
