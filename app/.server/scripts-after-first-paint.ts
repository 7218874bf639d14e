/**
 * The page's scripts wait for its first paint (decision 049). Remix's <Scripts> asks for every
 * module the moment the parser meets it, so on a slow phone they share the network with the
 * stylesheet and the main thread with the first paint, though the page is whole without them
 * (every form works with scripts off). The server hands them over inert instead:
 * - each `<link rel="modulepreload">` with a rel no browser knows (HELD_PRELOAD);
 * - Remix's module script (the one that imports the route modules and hydrates) with a type no
 *   browser runs (HELD_MODULE), behind a small classic script that, once the document is parsed
 *   and its first paint reported, turns the links back on, puts a live copy of the module script
 *   in its place and takes itself out. What React hydrates is then exactly what it rendered.
 * Lite mode renders no <Scripts>, so nothing here matches and the page stays script-free.
 */
import { Transform } from "node:stream";

const HELD_REL = "x-held-modulepreload";
const HELD_TYPE = "x-held-module";
const PRELOAD = 'rel="modulepreload"';
const HELD_PRELOAD = `rel="${HELD_REL}"`;
/** How React writes <Scripts>'s module script: `type: "module", async: true` after the nonce. */
const MODULE = 'type="module" async=""';
const HELD_MODULE = `type="${HELD_TYPE}"`;
/**
 * Where no first paint will be reported (no paint timing, or a tab hidden before it painted), how
 * long after the first frame the release goes instead.
 */
const FIRST_FRAME_FALLBACK_MS = 250;
/**
 * Where one will be, how long after the first frame the release goes should it still not have
 * come: long enough that a slow, busy phone's report comes first (on a loaded test machine the
 * paint came 265 ms after the frame), short enough that a page always hydrates.
 */
const REPORT_LATE_MS = 2_000;

/**
 * The classic script that lets them go, written out as the browser runs it (never bundled): once
 * the document is parsed and its first contentful paint is reported. A browser without paint
 * timing, or a tab hidden before its first paint (which reports none), goes by the first frame
 * instead, plus a moment for it to reach the screen; a hidden tab paints no frame, so its page
 * hydrates when it is shown. Where the report will come, the first frame is only a late
 * backstop: going by it sooner let a slow machine fetch the scripts before its first paint.
 */
const RELEASE_SOURCE = `(function () {
  var self = document.currentScript;
  var parsed = document.readyState !== "loading";
  var painted = false;
  var released = false;
  function release() {
    if (released || !parsed || !painted) return;
    released = true;
    document.querySelectorAll('link[rel="${HELD_REL}"]').forEach(function (link) {
      link.rel = "modulepreload";
    });
    var held = document.querySelector('script[type="${HELD_TYPE}"]');
    if (held) {
      var live = document.createElement("script");
      live.type = "module";
      live.async = true;
      live.nonce = held.nonce;
      live.textContent = held.textContent;
      held.replaceWith(live);
    }
    if (self) self.remove();
  }
  function onPaint() {
    painted = true;
    release();
  }
  if (!parsed)
    document.addEventListener("DOMContentLoaded", function () {
      parsed = true;
      release();
    });
  function afterFirstFrame(ms) {
    requestAnimationFrame(function () {
      setTimeout(onPaint, ms);
    });
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf("paint") < 0) return afterFirstFrame(${FIRST_FRAME_FALLBACK_MS});
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    onPaint();
  }).observe({ type: "paint", buffered: true });
  afterFirstFrame(${REPORT_LATE_MS});
  function hidden() {
    if (document.visibilityState !== "hidden") return false;
    afterFirstFrame(${FIRST_FRAME_FALLBACK_MS});
    return true;
  }
  if (!hidden()) document.addEventListener("visibilitychange", hidden);
})();`
  // Sent with every page: without its line breaks and indents (every statement above ends in a
  // semicolon or a brace, so none depends on a line break).
  .replace(/\n\s*/g, "");

/**
 * The page's HTML stream with its scripts held until the first paint. It works on the bytes (the
 * strings are ASCII, which UTF-8 never repeats inside another character) and passes a chunk on
 * as it came when nothing in it matches; a match cut by a chunk's end waits for the next chunk.
 * React escapes quotes in text and attribute values, so these strings only ever match real
 * attributes. Remix writes the module script after every preload: past it, nothing is looked at.
 */
export function holdScriptsUntilFirstPaint(
  nonce: string | undefined,
  stopRendering: () => void = () => {},
): Transform {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const preload: Swap = [Buffer.from(PRELOAD), Buffer.from(HELD_PRELOAD)];
  const moduleScript: Swap = [
    Buffer.from(`<script${nonceAttribute} ${MODULE}>`),
    Buffer.from(
      `<script${nonceAttribute}>${RELEASE_SOURCE}</script><script${nonceAttribute} ${HELD_MODULE}>`,
    ),
  ];
  const swaps = [preload, moduleScript];
  let pending: Buffer | null = null;
  let passing = false;
  return new Transform({
    // React stops rendering when the stream it writes to closes. Its handler also runs after a
    // whole page has gone out, and then ends the stream a second time: Node answers that with an
    // error object, stack and all, on every page served. So this stream never emits 'close', and
    // one destroyed before React ended it (the shopper went away) stops the render itself.
    emitClose: false,
    destroy(error, done) {
      if (!this.writableEnded) stopRendering();
      done(error);
    },
    transform(chunk: Uint8Array, _encoding, done) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (passing) return done(null, bytes);
      const text: Buffer = pending ? Buffer.concat([pending, bytes]) : bytes;
      pending = null;
      const parts: Buffer[] = [];
      let from = 0;
      while (!passing) {
        const next = nextMatch(text, from, swaps);
        if (!next) break;
        parts.push(text.subarray(from, next.at), next.swap[1]);
        from = next.at + next.swap[0].length;
        passing = next.swap === moduleScript;
      }
      let end = text.length;
      if (!passing) {
        const cut = partialMatchAtEnd(text, from, swaps);
        if (cut > 0) {
          end -= cut;
          pending = Buffer.from(text.subarray(end));
        }
      }
      parts.push(text.subarray(from, end));
      done(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
    flush(done) {
      done(null, pending ?? undefined);
    },
  });
}

/** A string to find and what replaces it. */
type Swap = [Buffer, Buffer];

function nextMatch(text: Buffer, from: number, swaps: Swap[]) {
  let found: { at: number; swap: Swap } | null = null;
  for (const swap of swaps) {
    const at = text.indexOf(swap[0], from);
    if (at >= 0 && (!found || at < found.at)) found = { at, swap };
  }
  return found;
}

/** How many bytes at the text's end (after `from`) begin one of the strings, at most. */
function partialMatchAtEnd(text: Buffer, from: number, swaps: Swap[]): number {
  let longest = 0;
  for (const [find] of swaps) {
    for (let length = Math.min(find.length - 1, text.length - from); length > longest; length--) {
      const start = text.length - length;
      if (text[start] === find[0] && text.subarray(start).equals(find.subarray(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
