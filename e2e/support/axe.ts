/**
 * Axe for every page state a test visits. The fixtures of ./test.ts tell this module when a page
 * shows a new state (a new document, or a new URL in the same document); `settle` scans a state
 * once it is usable, and a state that was left before anything scanned it is scanned when it is
 * left (a data request on its way out) or at the end of the test. Explicit calls (an open dialog,
 * an error message) skip markup that was scanned already in the test.
 *
 * A page state is named by its key (see stateKey): the project, the route pattern of its URL, the
 * query, the open dialog and the error page shown. The scans the harness makes on its own (the
 * settle, a state being left, the end of the test) skip a key that this run has scanned
 * already; the test's report lists those states as already scanned.
 *
 * A state left for a new document before anything scanned it cannot be scanned then (see
 * noteLeftUnscanned): unless its key was scanned elsewhere, the test fails and names it. The
 * helpers that navigate settle first; a test that clicks its way to a page calls waitForHydration.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Response, type TestInfo } from "@playwright/test";
import { routeOf } from "./routes";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];

/** One line per failing element: what a reviewer needs to find and fix it. */
function formatViolations(violations: Violation[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map(
      (node) =>
        `${v.id} (${v.impact ?? "n/a"}): ${v.help} — target ${JSON.stringify(node.target)}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, " ").trim()}` : ""),
    ),
  );
}

/** What one page has been through in the current test. */
interface PageStates {
  /** Bumped for each new state: a new document, or another URL in the same one. */
  state: number;
  /** The state last scanned (-1: none). */
  scannedState: number;
  url: string;
  /** A document request is on its way: the next commit is a new document even at the same URL. */
  documentPending: boolean;
  /** Markup already scanned (URL and a hash of the HTML): an explicit call need not repeat it. */
  fingerprints: Set<string>;
  /** Scans run, by URL, for the report. */
  scans: string[];
  /** The keys of the states these scans covered (see stateKey), for the run's summary. */
  keys: Set<string>;
  /** States not scanned again because this run had scanned their key already, by URL. */
  cached: Set<string>;
  /** The next document is the harness's stand-in for a redirect (./test.ts): nothing to scan. */
  redirecting: boolean;
  /** The answer to the main frame's last document request. */
  lastDocument: Response | null;
  /** States a new document replaced before anything scanned them (see noteLeftUnscanned). */
  unscanned: { url: string; key: string }[];
  /** Violations found where no test was waiting to fail (a state being left). */
  failures: string[];
  /**
   * The scan in progress, if any. axe refuses a second run in a page while one is going, and two
   * can meet: the test's own scan and a route handler's scan of the state a fetch is leaving.
   */
  scanning: Promise<unknown>;
}

const pages = new WeakMap<Page, PageStates>();

const scannable = (url: string) => /^https?:/.test(url);

/** Starts recording a page's states (the fixtures call this for every page of a context). */
export function trackPage(page: Page): PageStates {
  const known = pages.get(page);
  if (known) return known;
  const states: PageStates = {
    state: 0,
    scannedState: -1,
    url: page.url(),
    documentPending: false,
    fingerprints: new Set(),
    scans: [],
    keys: new Set(),
    cached: new Set(),
    failures: [],
    unscanned: [],
    lastDocument: null,
    redirecting: false,
    scanning: Promise.resolve(),
  };
  pages.set(page, states);
  page.on("response", (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      states.lastDocument = response;
  });
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = frame.url();
    // The same URL again in the same document (a history replace) is the same state.
    if (states.documentPending || url !== states.url) states.state += 1;
    if (states.redirecting) states.scannedState = states.state;
    states.documentPending = false;
    states.redirecting = false;
    states.url = url;
  });
  return states;
}

export function pageStates(page: Page): PageStates | undefined {
  return pages.get(page);
}

/**
 * Keys of the page states scanned in this run, by any worker: this worker's in memory (module
 * state lives as long as the worker), every worker's as one empty file per key in the project's
 * output folder, which Playwright empties at the start of a run. Two workers reaching a key at
 * once may both scan it; none skips a key that no one scanned.
 */
const scannedKeys = {
  mine: new Set<string>(),
  file(key: string): string {
    const digest = createHash("sha256").update(key).digest("hex").slice(0, 32);
    return path.join(test.info().project.outputDir, ".axe-scanned", digest);
  },
  has(key: string): boolean {
    if (this.mine.has(key)) return true;
    if (!existsSync(this.file(key))) return false;
    this.mine.add(key);
    return true;
  },
  add(key: string): void {
    if (this.mine.has(key)) return;
    this.mine.add(key);
    const file = this.file(key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "");
  },
};

/** What tells one page state from another beyond its URL: the open dialog, the error page. */
interface Shown {
  dialog: string | null;
  error: string | null;
}

/**
 * A page state's key: the project (with or without JavaScript), the server, the route pattern
 * of the URL (./routes.ts) and its query, the open dialog's accessible name and the error page's
 * heading, if any.
 */
function stateKey(testInfo: TestInfo, url: string, shown: Shown): string {
  const { origin, pathname, search } = new URL(url);
  const dialog = shown.dialog === null ? "" : ` dialog "${shown.dialog}"`;
  const error = shown.error === null ? "" : ` error "${shown.error}"`;
  return `${testInfo.project.name} ${origin}${routeOf(pathname)}${search}${dialog}${error}`;
}

/**
 * The current markup's identity and what the page shows, or null when the document is no HTML
 * page (nothing to scan).
 */
async function pageInfo(
  page: Page,
): Promise<{ markup: string; shown: Shown; complete: boolean } | null> {
  const found = await page.evaluate((mark) => {
    // Marks this document, so that a scan can tell whether it still ran in it (sameDocument).
    (window as unknown as Record<string, boolean>)[mark] = true;
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i += 1) hash = (hash * 31 + html.charCodeAt(i)) | 0;
    // The harness's stand-in for a redirect (./test.ts) is no page of the storefront.
    const redirect = document.querySelector('meta[name="e2e-redirect"]') !== null;
    const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, " ").trim();
    const dialog = [...document.querySelectorAll('dialog[open], [role="dialog"]')].find((element) =>
      element.checkVisibility(),
    );
    const dialogName = dialog
      ? dialog.getAttribute("aria-label") ||
        (dialog.getAttribute("aria-labelledby") ?? "")
          .split(/\s+/)
          .map((id) => text(document.getElementById(id)) ?? "")
          .join(" ")
          .trim() ||
        text(dialog.querySelector("h1, h2, h3")) ||
        "unnamed"
      : null;
    return {
      scan: document.contentType === "text/html" && !redirect,
      complete: document.readyState === "complete",
      markup: `${location.href} ${html.length}:${hash}`,
      shown: {
        dialog: dialogName,
        error: text(document.querySelector(".error-page h1, .error-page h2")) ?? null,
      },
    };
  }, DOCUMENT_MARK);
  return found.scan ? found : null;
}

/** Lets a render that the last event started reach the screen before axe reads the page. */
const DOCUMENT_MARK = "__e2eScannedDocument";

/**
 * Whether the page still shows the document pageInfo marked (and, if `loaded`, fully loaded). A navigation that
 * commits mid-scan puts axe in the new document while its body is still arriving (no main, no
 * level-one heading): such results describe no page the shopper saw.
 */
async function sameDocument(page: Page, loaded: boolean): Promise<boolean> {
  return page
    .evaluate(
      ({ mark, loaded }) =>
        (window as unknown as Record<string, boolean>)[mark] === true &&
        (!loaded || document.readyState === "complete"),
      { mark: DOCUMENT_MARK, loaded },
    )
    .catch(() => false);
}

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

type ScanOptions = {
  exclude?: string[];
  /** Scans already thrown away because a new document replaced the page mid-scan. */
  retries?: number;
  /** The state is being left (see scanBeforeLeaving). */
  leaving?: boolean;
  /** A scan the harness makes on its own: skipped when this run has scanned the state's key. */
  implicit?: boolean;
};

/**
 * Neutralises the app's pending look (a listing's results dimmed while the next view loads:
 * `.is-pending` in app/styles/listing.css, `aria-busy` on the list) so that a state being left
 * is measured, colour contrast included, as it looked settled.
 */
const SETTLED_LOOK = `.is-pending, [aria-busy="true"] { opacity: 1 !important; transition: none !important; }`;
const SETTLED_LOOK_ID = "__e2eSettledLook";

/**
 * Runs axe on the page as it is now, unless this exact markup was scanned already in this test
 * (or, for an implicit scan, this run scanned the state's key already); returns the violations
 * as lines. The full axe output is attached to the report when anything is found.
 */
function scan(page: Page, testInfo: TestInfo, options: ScanOptions = {}): Promise<string[]> {
  // One scan at a time per page: a later one starts when the earlier has settled either way.
  const states = trackPage(page);
  const next = states.scanning.then(() => scanNow(page, testInfo, options));
  states.scanning = next.catch(() => undefined);
  return next;
}

async function scanNow(page: Page, testInfo: TestInfo, options: ScanOptions): Promise<string[]> {
  const states = trackPage(page);
  const current = states.state;
  if (!scannable(page.url())) return [];
  // A page whose navigation is under way paints no more frames: nothing to wait for then.
  if (!options.leaving) await nextFrames(page);
  let info = await pageInfo(page);
  if (info && !info.complete && !options.leaving) {
    // A document still arriving (a navigation committed after the page was last waited on).
    await page.waitForLoadState("load");
    info = await pageInfo(page);
  }
  states.scannedState = Math.max(states.scannedState, current);
  if (info === null) return [];
  const key = stateKey(testInfo, page.url(), info.shown);
  if (options.implicit && scannedKeys.has(key)) {
    if (!states.keys.has(key)) states.cached.add(page.url());
    return [];
  }
  if (states.fingerprints.has(info.markup) && !options.exclude) return [];
  // @axe-core/playwright types `page` from its own peer playwright-core (npm placed 1.65 at the
  // top level); it only calls page methods that 1.56 has too.
  // Legacy mode runs axe in the page itself; the default opens a blank page in the context for
  // each scan, which is slow and cannot happen while one of its pages waits on a route handler.
  // The storefront has no cross-origin frames, the one thing legacy mode would miss.
  let builder = new AxeBuilder({ page: page as unknown as AxePage })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.leaving) await setSettledLook(page, true);
  let results;
  try {
    results = await builder.analyze();
  } finally {
    if (options.leaving) await setSettledLook(page, false).catch(() => undefined);
  }
  if (!(await sameDocument(page, !options.leaving))) {
    // A state being left is gone: its caller notes it as left unscanned. Otherwise the page moved
    // on by itself (a document navigation committed mid-scan): the document it shows now is the
    // state to scan, once it has loaded.
    if (options.leaving || (options.retries ?? 0) >= 2)
      throw new Error(`the page navigated during the axe scan of ${page.url()}`);
    await page.waitForLoadState("load");
    return scanNow(page, testInfo, { ...options, retries: (options.retries ?? 0) + 1 });
  }
  states.fingerprints.add(info.markup);
  states.scans.push(page.url());
  scannedKeys.add(key);
  states.keys.add(key);
  // Without scripts a dialog is a page whose address names it (?dialog=…): a later visit to that
  // address left before it could be read is keyed by the address alone, and this scan covers it.
  if (new URL(page.url()).searchParams.has("dialog"))
    scannedKeys.add(stateKey(testInfo, page.url(), { dialog: null, error: null }));
  if (results.violations.length > 0) {
    await testInfo.attach(`axe-violations ${page.url()}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
    // The markup axe judged, for a reader of the report (a failure seen only in CI).
    const markup = await page.content().catch((error) => `unreadable: ${String(error)}`);
    await testInfo.attach(`axe-scanned-markup ${page.url()}`, {
      body: markup,
      contentType: "text/html",
    });
  }
  return formatViolations(results.violations);
}

/**
 * Adds or removes the style that shows a page being left as it looked settled: an adopted style
 * sheet, which the page's Content Security Policy (no inline styles) lets through.
 */
async function setSettledLook(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    ({ id, css, on }) => {
      const holder = window as unknown as Record<string, CSSStyleSheet | undefined>;
      const sheets = document.adoptedStyleSheets.filter((sheet) => sheet !== holder[id]);
      delete holder[id];
      if (on) {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        holder[id] = sheet;
        sheets.push(sheet);
      }
      document.adoptedStyleSheets = sheets;
    },
    { id: SETTLED_LOOK_ID, css: SETTLED_LOOK, on },
  );
}

/**
 * Runs axe on the page as it is now (an open dialog included) and fails with a readable list of
 * violations.
 */
export async function expectNoAxeViolations(
  page: Page,
  testInfo: TestInfo = test.info(),
  options: { exclude?: string[] } = {},
): Promise<void> {
  const violations = await scan(page, testInfo, options);
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/** Scans the page's current state if nothing has scanned it (or its key, in this run) yet. */
export async function scanIfUnscanned(page: Page, testInfo: TestInfo = test.info()) {
  const states = trackPage(page);
  if (states.scannedState === states.state) return;
  const violations = await scan(page, testInfo, { implicit: true });
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * A state is being left by a client-side navigation (its data is being replaced): scans it if
 * nothing has.
 * Runs inside a route handler, where a failed expect would fail nothing: violations are kept for
 * the end of the test, and a page that went away meanwhile is no state to scan.
 */
export async function scanBeforeLeaving(page: Page, testInfo: TestInfo): Promise<void> {
  const states = trackPage(page);
  if (states.scannedState === states.state || page.isClosed()) return;
  const leaving = states.state;
  try {
    const violations = await scan(page, testInfo, { leaving: true, implicit: true });
    if (violations.length > 0)
      states.failures.push(`axe violations on ${states.url}:\n  ${violations.join("\n  ")}`);
  } catch (error) {
    if (page.isClosed()) return;
    // The navigation won the race and the old document is gone (mid-evaluation, or between
    // axe's injection and its run, which then finds no axe in the new document): the state is
    // noted as unscanned, as a page left mid-navigation is, rather than failing the journey.
    const replaced =
      states.state !== leaving ||
      /Execution context was destroyed|navigat|reading 'run'/i.test(String(error));
    if (replaced) {
      noteUnscanned(states, testInfo, states.url);
      return;
    }
    states.failures.push(`axe could not scan ${states.url}: ${String(error)}`);
  }
}

/**
 * Notes a state that was left before anything scanned it. Its page can no longer be read: its
 * key is the one it has without a dialog or an error page.
 */
function noteUnscanned(states: PageStates, testInfo: TestInfo, url: string): void {
  states.unscanned.push({ url, key: stateKey(testInfo, url, { dialog: null, error: null }) });
}

/**
 * A new document is on its way. The page it replaces cannot be scanned any more (a page whose
 * navigation is pending does not answer evaluation): if nothing scanned it, it is noted, and
 * fails the test unless its key was scanned in this run by the end of the test. Call
 * waitForHydration after a navigation so that this list stays empty.
 */
export function noteLeftUnscanned(page: Page, testInfo: TestInfo): void {
  const states = trackPage(page);
  if (states.scannedState !== states.state && scannable(states.url))
    noteUnscanned(states, testInfo, states.url);
  states.scannedState = states.state;
}

/**
 * The states left unscanned: `uncovered` if no scan in this run covered their key, `covered`
 * (and counted among the states already scanned) if one did.
 */
export function leftUnscanned(states: PageStates): { uncovered: string[]; covered: string[] } {
  const uncovered: string[] = [];
  const covered: string[] = [];
  for (const { url, key } of states.unscanned) {
    if (scannedKeys.has(key)) {
      covered.push(url);
      states.cached.add(url);
    } else uncovered.push(url);
  }
  return { uncovered, covered };
}
