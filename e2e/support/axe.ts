/**
 * Axe for every page state a test visits. The fixtures of ./test.ts tell this module when a page
 * shows a new state (a new document, or a new URL in the same document); `settle` scans a state
 * once it is usable, and a state that was left before anything scanned it is scanned when it is
 * left (a document request or a data request on its way out) or at the end of the test. Explicit
 * calls (an open dialog, an error message) skip markup that was scanned already.
 *
 * A state left for a new document before anything scanned it cannot be scanned then (see
 * noteLeftUnscanned); the test's report lists it, and the helpers that navigate settle first.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Response, type TestInfo } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type Violation = AxeResults["violations"][number];
type AxePage = ConstructorParameters<typeof AxeBuilder>[0]["page"];

/** One line per failing element: what a reviewer needs to find and fix it. */
export function formatViolations(violations: Violation[]): string[] {
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
  /** The next document is the harness's stand-in for a redirect (./test.ts): nothing to scan. */
  redirecting: boolean;
  /** The answer to the main frame's last document request. */
  lastDocument: Response | null;
  /** States a new document replaced before anything scanned them (reported, see noteLeftUnscanned). */
  unscanned: string[];
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

/** The current markup's identity, or null when the document is no HTML page (nothing to scan). */
async function fingerprint(page: Page): Promise<string | null> {
  const found = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i += 1) hash = (hash * 31 + html.charCodeAt(i)) | 0;
    // The harness's stand-in for a redirect (./test.ts) is no page of the storefront.
    const redirect = document.querySelector('meta[name="e2e-redirect"]') !== null;
    return {
      scan: document.contentType === "text/html" && !redirect,
      key: `${location.href} ${html.length}:${hash}`,
    };
  });
  return found.scan ? found.key : null;
}

/** Lets a render that the last event started reach the screen before axe reads the page. */
async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Runs axe on the page as it is now, unless this exact markup was scanned already in this test;
 * returns the violations as lines. The full axe output is attached to the report when anything is
 * found.
 */
function scan(
  page: Page,
  testInfo: TestInfo,
  options: { exclude?: string[]; leaving?: boolean } = {},
): Promise<string[]> {
  // One scan at a time per page: a later one starts when the earlier has settled either way.
  const states = trackPage(page);
  const next = states.scanning.then(() => scanNow(page, testInfo, options));
  states.scanning = next.catch(() => undefined);
  return next;
}

async function scanNow(
  page: Page,
  testInfo: TestInfo,
  options: { exclude?: string[]; leaving?: boolean },
): Promise<string[]> {
  const states = trackPage(page);
  const current = states.state;
  if (!scannable(page.url())) return [];
  // A page whose navigation is under way paints no more frames: nothing to wait for then.
  if (!options.leaving) await nextFrames(page);
  const key = await fingerprint(page);
  states.scannedState = Math.max(states.scannedState, current);
  if (key === null || (states.fingerprints.has(key) && !options.exclude)) return [];
  // @axe-core/playwright types `page` from its own peer playwright-core (npm placed 1.65 at the
  // top level); it only calls page methods that 1.56 has too.
  // Legacy mode runs axe in the page itself; the default opens a blank page in the context for
  // each scan, which is slow and cannot happen while one of its pages waits on a route handler.
  // The storefront has no cross-origin frames, the one thing legacy mode would miss.
  let builder = new AxeBuilder({ page: page as unknown as AxePage })
    .withTags(AXE_TAGS)
    .setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // A state being left shows the app's pending look (the old page dimmed while the next one
  // loads): contrast is measured on the settled page, every other rule here too.
  if (options.leaving) builder = builder.disableRules(["color-contrast"]);
  const results = await builder.analyze();
  states.fingerprints.add(key);
  states.scans.push(page.url());
  if (results.violations.length > 0) {
    await testInfo.attach(`axe-violations ${page.url()}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  return formatViolations(results.violations);
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

/** Scans the page's current state if nothing has scanned it yet. */
export async function scanIfUnscanned(page: Page, testInfo: TestInfo = test.info()) {
  const states = trackPage(page);
  if (states.scannedState === states.state) return;
  await expectNoAxeViolations(page, testInfo);
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
    const violations = await scan(page, testInfo, { leaving: true });
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
      states.unscanned.push(states.url);
      return;
    }
    states.failures.push(`axe could not scan ${states.url}: ${String(error)}`);
  }
}

/**
 * A new document is on its way. The page it replaces cannot be scanned any more (a page whose
 * navigation is pending does not answer evaluation): if nothing scanned it, it is noted for the
 * report. Call waitForHydration after a navigation so that this list stays empty.
 */
export function noteLeftUnscanned(page: Page): void {
  const states = trackPage(page);
  if (states.scannedState !== states.state && scannable(states.url))
    states.unscanned.push(states.url);
  states.scannedState = states.state;
}
