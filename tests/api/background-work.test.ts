/**
 * The loops server.ts starts (api/services/background.ts), on SQLite and on PostgreSQL: the hold
 * release sweep and the capture sweep run at once and then on their timer, the outbox worker on
 * its poll, and the stop function ends all three. The database handle records each query the
 * loops make, so the test sees each loop's own query (its claim column, its table).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { KyselyPlugin } from "kysely";
import { createMessengers } from "../../api/integrations/messaging";
import { registerDialect } from "../../api/db/transaction";
import { startBackgroundWork } from "../../api/services/background";
import { RELEASE_SWEEP_INTERVAL_MS } from "../../api/services/hold-releases";
import { OUTBOX_POLL_MS } from "../../api/services/outbox";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The handle with every query it runs kept as its operation tree, in JSON. */
function recordingDb() {
  const seen: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(JSON.stringify(args.node));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const db = api.db.kysely.withPlugin(recorder);
  registerDialect(db, api.db.dialect);
  return { db, seen };
}

/** How many recorded queries name `identifier` (a table or a column). */
const count = (seen: string[], identifier: string) =>
  seen.filter((q) => q.includes(`"name":"${identifier}"`)).length;

const LOOPS = {
  releases: "release_claimed_at",
  captures: "capture_claimed_at",
  outbox: "outbox_messages",
} as const;

describe("the background loops", () => {
  it("sweep at once and on their timers, poll the outbox, and all stop when told", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { db, seen } = recordingDb();
    const messengers = createMessengers(db, {
      smtpUrl: null,
      mailFrom: "Harvest Market <orders@example.com>",
      smsGatewayUrl: null,
      smsGatewayKey: null,
    });
    const stop = startBackgroundWork(db, null, messengers);
    try {
      // Both sweeps run at start; the outbox waits for its first poll.
      await vi.waitFor(() => {
        expect(count(seen, LOOPS.releases)).toBeGreaterThan(0);
        expect(count(seen, LOOPS.captures)).toBeGreaterThan(0);
      });
      expect(count(seen, LOOPS.outbox)).toBe(0);

      vi.advanceTimersByTime(OUTBOX_POLL_MS);
      await vi.waitFor(() => expect(count(seen, LOOPS.outbox)).toBeGreaterThan(0));

      // The sweeps' timer: each sweeps again.
      const before = {
        releases: count(seen, LOOPS.releases),
        captures: count(seen, LOOPS.captures),
      };
      // A tick while the first sweep is still going is skipped (no pile-up): tick until one runs.
      await vi.waitFor(() => {
        vi.advanceTimersByTime(RELEASE_SWEEP_INTERVAL_MS);
        expect(count(seen, LOOPS.releases)).toBeGreaterThan(before.releases);
        expect(count(seen, LOOPS.captures)).toBeGreaterThan(before.captures);
      });
    } finally {
      stop();
    }
    // Stopped: no timer is left, and nothing runs however long the process stays up.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(vi.getTimerCount()).toBe(0);
    seen.length = 0;
    vi.advanceTimersByTime(10 * RELEASE_SWEEP_INTERVAL_MS);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
  });
});
