/**
 * The process's shared answers: kept for their time, one call for concurrent misses, failures not
 * kept, everything dropped when the API's shared-data version moves, and frozen.
 */
import { describe, expect, it, vi } from "vitest";
import { createSharedAnswers } from "~/.server/api/shared-answers";

function counted<T extends object>(answer: () => T) {
  const load = vi.fn(async () => answer());
  return load;
}

describe("shared answers", () => {
  it("answers a key from one call until it is too old", async () => {
    let clock = 1_000;
    const shared = createSharedAnswers({ ttlMs: 30_000, now: () => clock });
    const load = counted(() => ({ name: "Main Street" }));
    expect(await shared.get("store 1", load)).toEqual({ name: "Main Street" });
    await shared.get("store 1", load);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 29_000;
    await shared.get("store 1", load);
    expect(load).toHaveBeenCalledTimes(1);
    clock += 2_000;
    await shared.get("store 1", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("shares one call between requests that miss at once", async () => {
    const shared = createSharedAnswers({ ttlMs: 30_000 });
    let release!: () => void;
    const load = vi.fn(
      () => new Promise<{ id: number }>((resolve) => (release = () => resolve({ id: 1 }))),
    );
    const both = Promise.all([shared.get("brand", load), shared.get("brand", load)]);
    release();
    expect(await both).toEqual([{ id: 1 }, { id: 1 }]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep a failure: the next request asks again", async () => {
    const shared = createSharedAnswers({ ttlMs: 30_000 });
    const failing = vi.fn(async () => {
      throw new Error("API away");
    });
    await expect(shared.get("brand", failing)).rejects.toThrow("API away");
    const load = counted(() => ({ id: 1 }));
    expect(await shared.get("brand", load)).toEqual({ id: 1 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("drops everything when the shared-data version moves, not when it stays", async () => {
    const shared = createSharedAnswers({ ttlMs: 30_000 });
    shared.observeVersion("7");
    const load = counted(() => ({ id: 1 }));
    await shared.get("store 1", load);
    shared.observeVersion("7");
    shared.observeVersion(null); // an answer without the header (a proxy's error page) says nothing
    await shared.get("store 1", load);
    expect(load).toHaveBeenCalledTimes(1);
    shared.observeVersion("8");
    await shared.get("store 1", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps nothing an in-flight call brings back after the version moved", async () => {
    const shared = createSharedAnswers({ ttlMs: 30_000 });
    shared.observeVersion("1");
    let release!: () => void;
    const slow = () =>
      new Promise<{ name: string }>((resolve) => (release = () => resolve({ name: "old" })));
    const inFlight = shared.get("store 1", slow);
    shared.observeVersion("2");
    release();
    expect(await inFlight).toEqual({ name: "old" });
    const load = counted(() => ({ name: "new" }));
    expect(await shared.get("store 1", load)).toEqual({ name: "new" });
  });

  it("keeps nothing when its time is 0, and freezes what it keeps", async () => {
    const never = createSharedAnswers({ ttlMs: 0 });
    const load = counted(() => ({ id: 1 }));
    await never.get("brand", load);
    await never.get("brand", load);
    expect(load).toHaveBeenCalledTimes(2);

    const shared = createSharedAnswers({ ttlMs: 30_000 });
    const kept = await shared.get("store 1", async () => ({ departments: [{ id: 1 }] }));
    expect(() => kept.departments.push({ id: 2 })).toThrow(TypeError);
    expect(Object.isFrozen(kept.departments[0])).toBe(true);
  });
});
