/**
 * The page's HTML as the server sends it: Remix's module preloads and module script held inert
 * until the first paint, and released by a script of the same nonce (decision 049). The browser
 * side (scripts asked for after the first paint, the page hydrating) is e2e/first-paint.js-on.
 */
import { Readable } from "node:stream";
import vm from "node:vm";
import { text } from "node:stream/consumers";
import { createElement, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { holdScriptsUntilFirstPaint } from "~/.server/scripts-after-first-paint";

const NONCE = "a+b/c==";
/** The end of a page's body as React writes Remix's <Scripts nonce>. */
const PAGE =
  `<main><p>Ünïcödé 🍌 "quoted"</p></main>` +
  `<link rel="modulepreload" href="/assets/manifest-1.js"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-2.js"/>` +
  `<script nonce="${NONCE}">window.__remixContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>` +
  `<script nonce="${NONCE}">window.__remixContext.streamController.close();</script></body></html>`;

/** The page sent through the transform in chunks of `size` bytes (cutting characters too). */
async function sent(page: string, size: number, nonce = NONCE) {
  const bytes = Buffer.from(page);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(holdScriptsUntilFirstPaint(nonce)));
}

describe("holdScriptsUntilFirstPaint", () => {
  it("holds every module preload and the module script, behind a release script", async () => {
    const html = await sent(PAGE, 1 << 16);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.match(/<link rel="x-held-modulepreload"/g)).toHaveLength(2);
    expect(html).not.toContain('type="module"');
    const release = html.indexOf(`<script nonce="${NONCE}">(function () {`);
    const held = html.indexOf(`<script nonce="${NONCE}" type="x-held-module">import`);
    expect(release).toBeGreaterThan(0);
    expect(held).toBeGreaterThan(release);
    // The release script ends before the held one starts, and the rest of the page is untouched.
    expect(html.slice(release, held)).toMatch(/\}\)\(\);<\/script>$/);
    expect(html.replace(/<script nonce="[^"]+">\(function \(\) \{[\s\S]*?<\/script>/, "")).toBe(
      PAGE.replaceAll('rel="modulepreload"', 'rel="x-held-modulepreload"').replace(
        'type="module" async=""',
        'type="x-held-module"',
      ),
    );
  });

  it("finds them wherever the stream's chunks are cut, and keeps every character", async () => {
    const whole = await sent(PAGE, 1 << 16);
    for (const size of [1, 2, 3, 5, 7, 11, 16, 31, 64]) expect(await sent(PAGE, size)).toBe(whole);
  });

  it("holds only the module script of the page's own nonce", async () => {
    const html = await sent(PAGE, 1 << 16, "another");
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async="">`);
  });

  it("leaves a page without scripts (lite mode) as it was", async () => {
    const lite = `<!DOCTYPE html><html><body><form method="post"><button>Add</button></form></body></html>`;
    expect(await sent(lite, 7)).toBe(lite);
  });

  describe("as React's destination", () => {
    /** A page React streams through the transform, as the server does; `ends` counts its end() calls. */
    function render(children: ReturnType<typeof createElement>) {
      const failed = vi.fn();
      return new Promise<{
        body: ReturnType<typeof holdScriptsUntilFirstPaint>;
        ends: () => number;
        failed: typeof failed;
      }>((resolve) => {
        const { pipe, abort } = renderToPipeableStream(
          createElement("html", null, createElement("body", null, children)),
          {
            onShellReady() {
              const body = holdScriptsUntilFirstPaint(NONCE, () => abort());
              const end = vi.spyOn(body, "end");
              pipe(body);
              resolve({ body, ends: () => end.mock.calls.length, failed });
            },
            onError: failed,
          },
        );
      });
    }
    const ticks = () => new Promise((resolve) => setTimeout(resolve, 10));

    it("is ended once when the whole page has gone out", async () => {
      const { body, ends, failed } = await render(createElement("main", null, "Whole Milk"));
      expect(await text(body)).toContain("<main>Whole Milk</main>");
      await ticks();
      expect(ends()).toBe(1);
      expect(failed).not.toHaveBeenCalled();
    });

    it("stops the render when the shopper goes away before the page is whole", async () => {
      // Suspends for good: a part of the page whose data never comes.
      const Waiting = () => {
        throw new Promise(() => {});
      };
      const { body, failed } = await render(
        createElement(Suspense, { fallback: "Loading" }, createElement(Waiting)),
      );
      body.destroy();
      await ticks();
      // React reports the part it gave up on: the render was aborted, not left waiting.
      expect(failed).toHaveBeenCalledTimes(1);
      expect(String(failed.mock.calls[0]?.[0])).toMatch(/abort/i);
    });
  });

  describe("the release script, in a browser", () => {
    /**
     * The release script as sent, run against a stand-in for the browser whose frames, clock, paint
     * report and visibility the test moves; `released()` says whether the module script went live.
     */
    async function browser({ paintTiming = true, hidden = false } = {}) {
      const html = await sent(PAGE, 1 << 16);
      const source = html.match(/<script nonce="[^"]+">(\(function \(\) \{.*?)<\/script>/)?.[1];
      if (!source) throw new Error("no release script in the page");
      let now = 0;
      const timers: { at: number; run: () => void }[] = [];
      const frames: (() => void)[] = [];
      const listeners: (() => void)[] = [];
      let report: ((list: unknown, observer: unknown) => void) | undefined;
      const held = { nonce: NONCE, textContent: "", replaceWith: vi.fn() };
      const document = {
        currentScript: { remove() {} },
        readyState: "interactive",
        visibilityState: hidden ? "hidden" : "visible",
        addEventListener: (type: string, listener: () => void) => {
          if (type === "visibilitychange") listeners.push(listener);
        },
        querySelectorAll: () => [],
        querySelector: () => held,
        createElement: () => ({}),
      };
      class PerformanceObserver {
        static supportedEntryTypes = ["paint"];
        constructor(callback: typeof report) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      }
      const timing = paintTiming ? PerformanceObserver : undefined;
      vm.runInNewContext(source, {
        document,
        window: { PerformanceObserver: timing },
        PerformanceObserver: timing,
        requestAnimationFrame: (frame: () => void) => frames.push(frame),
        setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
      });
      return {
        released: () => held.replaceWith.mock.calls.length > 0,
        frame: () => frames.splice(0).forEach((frame) => frame()),
        wait(ms: number) {
          now += ms;
          for (const timer of timers.filter((t) => t.at <= now)) {
            timers.splice(timers.indexOf(timer), 1);
            timer.run();
          }
        },
        paint: () => report?.({ getEntriesByName: () => [{}] }, { disconnect() {} }),
        hide() {
          document.visibilityState = "hidden";
          listeners.forEach((listener) => listener());
        },
      };
    }

    it("waits for the first paint's report, however long after the first frame it comes", async () => {
      const page = await browser();
      page.frame();
      page.wait(300);
      expect(page.released()).toBe(false);
      page.paint();
      expect(page.released()).toBe(true);
    });

    it("goes 2 s after the first frame should the report never come", async () => {
      const page = await browser();
      page.frame();
      page.wait(1_999);
      expect(page.released()).toBe(false);
      page.wait(1);
      expect(page.released()).toBe(true);
    });

    it("goes 250 ms after the first frame where no paint will be reported", async () => {
      const hiddenBeforeItsPaint = await browser();
      hiddenBeforeItsPaint.hide();
      for (const page of [
        await browser({ paintTiming: false }),
        await browser({ hidden: true }),
        hiddenBeforeItsPaint,
      ]) {
        page.frame();
        page.wait(249);
        expect(page.released()).toBe(false);
        page.wait(1);
        expect(page.released()).toBe(true);
      }
    });
  });
});
