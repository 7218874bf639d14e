/**
 * The storefront's Playwright `test`: the same specs run as a shopper with JavaScript (project
 * js-on) and without it (project js-off).
 *
 * Why js-off does not set javaScriptEnabled: false: axe (and page.evaluate in general) never
 * settles in a page whose JavaScript is disabled. So the browser keeps JavaScript on, and every
 * document is served as a no-JS shopper gets it: <script> elements and script preloads removed,
 * <noscript> content shown, a `script-src 'none'` policy added, and script requests aborted.
 * Playwright's own evaluation (axe, assertions) goes through DevTools and is not affected.
 */
import {
  test as base,
  expect,
  type Locator,
  type Page,
  type Request,
  type Route,
  type TestInfo,
} from "@playwright/test";
import {
  expectNoAxeViolations,
  leftUnscanned,
  noteLeftUnscanned,
  pageStates,
  scanBeforeLeaving,
  scanIfUnscanned,
  trackPage,
} from "./axe";

export type StorefrontOptions = {
  /** "on": the page's scripts run; "stripped": the shopper has no JavaScript. */
  scripts: "on" | "stripped";
};

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const NOSCRIPT = /<noscript\b[^>]*>([\s\S]*?)<\/noscript\s*>/gi;

function isScriptPreload(tag: string): boolean {
  const rel = /\brel\s*=\s*["']?([^"'>]+)/i.exec(tag)?.[1]?.toLowerCase().split(/\s+/) ?? [];
  return (
    rel.includes("modulepreload") ||
    (rel.includes("preload") && /\bas\s*=\s*["']?script\b/i.test(tag))
  );
}

/** The HTML a browser with scripting disabled would act on. */
function stripScripts(html: string): string {
  return html
    .replace(SCRIPT_ELEMENT, "")
    .replace(LINK_TAG, (tag) => (isScriptPreload(tag) ? "" : tag))
    .replace(NOSCRIPT, "$1");
}

/** Marks the page that stands in for a redirect (see serveWithoutScripts); never scanned. */
const REDIRECT_MARKER = "e2e-redirect";

/**
 * A redirect answered as a page that sends the browser on with a meta refresh: a real 3xx would
 * be followed by the browser behind the route handler's back (Playwright routes only the first
 * request of a redirect chain), and the page it lands on would keep its scripts. The refresh is a
 * new navigation, so it is routed and stripped like any other. The answer keeps the redirect's
 * headers (its cookies above all) and names its status in x-e2e-redirect.
 */
function redirectPage(location: string): string {
  const target = location.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return (
    `<!doctype html><html lang="en"><head><title>Redirecting</title>` +
    `<meta name="${REDIRECT_MARKER}"><meta http-equiv="refresh" content="0;url=${target}">` +
    `</head><body></body></html>`
  );
}

async function serveWithoutScripts(route: Route): Promise<void> {
  const request = route.request();
  const type = request.resourceType();
  if (type === "script" || type === "worker") return route.abort("blockedbyclient");
  if (type !== "document") return route.continue();
  // Fetch once, without following redirects: a form POST must not be sent twice, and the
  // browser must land on the redirect's URL.
  const response = await route.fetch({ maxRedirects: 0 });
  const headers = { ...response.headers() };
  // The body we send is decoded and edited: its old length and encoding no longer apply.
  delete headers["content-length"];
  delete headers["content-encoding"];
  // Second policy, enforced alongside the server's: nothing inline (handlers included) runs.
  headers["content-security-policy"] = headers["content-security-policy"]
    ? `${headers["content-security-policy"]}, script-src 'none'`
    : "script-src 'none'";
  const location = headers.location;
  // A redirect back to the same page with a fragment would make the refresh a jump within the
  // stand-in page: that one stays a real redirect (and its page keeps its scripts).
  const samePage =
    location !== undefined &&
    new URL(location, request.url()).href.split("#")[0] === request.url().split("#")[0] &&
    location.includes("#");
  if (response.status() >= 300 && response.status() < 400 && location && !samePage) {
    delete headers.location;
    headers["content-type"] = "text/html; charset=utf-8";
    headers["x-e2e-redirect"] = String(response.status());
    if (request.isNavigationRequest()) trackPage(request.frame().page()).redirecting = true;
    return route.fulfill({ status: 200, headers, body: redirectPage(location) });
  }
  if (!(headers["content-type"] ?? "").includes("text/html")) return route.fulfill({ response });
  return route.fulfill({ response, headers, body: stripScripts(await response.text()) });
}

/** The main frame's page of a request, or null (a subframe's, a service worker's). */
function mainFramePage(request: Request): Page | null {
  let frame;
  try {
    frame = request.frame();
  } catch {
    return null; // a service worker's request: no page
  }
  const page = frame.page();
  return frame === page.mainFrame() ? page : null;
}

/**
 * A navigation of the main frame (a link, a form post, a goto) replaces the page's document: the
 * state it leaves is noted if nothing scanned it (it can no longer be read).
 */
function noteNavigation(request: Request, testInfo: TestInfo): void {
  if (!request.isNavigationRequest()) return;
  const page = mainFramePage(request);
  if (!page) return;
  noteLeftUnscanned(page, testInfo);
  trackPage(page).documentPending = true;
}

/**
 * The requests the harness must hold, as a URL pattern, so that Playwright continues every other
 * request in the browser's own process without asking the test's (on two cores, a page's thirty
 * scripts and pictures each passing through the test cost a tenth of the run). With scripts: the
 * data requests of the app's router (a client-side navigation, a form submitted with scripts, the
 * reload after one), whose page state is scanned before it is replaced. Without: every request
 * but the pictures and style sheets, which are served as they are (documents are stripped of
 * their scripts, and scripts are refused).
 */
const HELD_REQUESTS: Record<StorefrontOptions["scripts"], RegExp> = {
  on: /\.data(\?|$)/,
  stripped: /^https?:\/\/[^/]+\/(?!media\/|assets\/[^?#]*\.css(?:[?#]|$))/,
};

/** The page whose state a data request of the app's router replaces, to be scanned first. */
function pageLeftBy(request: Request): Page | null {
  if (request.isNavigationRequest() || request.resourceType() !== "fetch") return null;
  if (!new URL(request.url()).pathname.endsWith(".data")) return null;
  return mainFramePage(request);
}

/**
 * Collects what a page reports as an error: an uncaught exception, or a console error such as a
 * React hydration warning. A resource answered with an error status (a 404 page a test visits on
 * purpose, a script the no-JS pass blocks) is the network's report, not the page's, and passes.
 */
function watchConsole(page: Page, errors: string[]): void {
  page.on("pageerror", (error) => errors.push(`${page.url()}: uncaught ${String(error)}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource")) return;
    // Remix logs a route-discovery fetch that a navigation cancelled; the navigation then
    // loads what it needs itself. A network event, not a fault of the page.
    if (/Failed to fetch manifest patches/.test(message.text())) return;
    // Remix logs a data request it aborted itself when a newer submission or navigation took its
    // place (a revalidation cut short by the next click): the request's end, not a page fault.
    if (/^AbortError: signal is aborted without reason/.test(message.text())) return;
    errors.push(`${page.url()}: ${message.text()}`);
  });
}

/**
 * Scans the last state of each page the test left open, then fails on what a route handler found
 * and on states the test waited on but left before anything scanned them. The report lists the
 * scans (annotation `axe`), the states not scanned again because this run had scanned their
 * key (`axe-cached`), the keys scanned (`axe-states`, read by ./axe-summary.ts) and the states
 * left for a new page before a scan (`axe-unscanned`, and `axe-left-covered` for those whose key
 * was scanned elsewhere in the run).
 */
async function finishPages(pages: Page[], testInfo: TestInfo): Promise<void> {
  for (const page of pages) {
    const states = pageStates(page);
    if (!states || page.isClosed()) continue;
    const passing = () => testInfo.status === testInfo.expectedStatus;
    // A test that failed already is not scanned further: its own error is the one to read.
    if (passing()) await settle(page, testInfo);
    const { uncovered: unscanned, covered } = leftUnscanned(states);
    testInfo.annotations.push({
      type: "axe",
      description: `${states.scans.length} scans: ${states.scans.join(" ")}`,
    });
    if (states.cached.size > 0)
      testInfo.annotations.push({
        type: "axe-cached",
        description: `${states.cached.size} states already scanned in this run: ${[...states.cached].join(" ")}`,
      });
    testInfo.annotations.push({
      type: "axe-states",
      description: JSON.stringify([...states.keys]),
    });
    // Left for a new page before a scan, but its key was scanned elsewhere in this run: passes,
    // yet the test would fail on its own.
    if (covered.length > 0)
      testInfo.annotations.push({ type: "axe-left-covered", description: covered.join(" ") });
    if (unscanned.length > 0)
      testInfo.annotations.push({ type: "axe-unscanned", description: unscanned.join(" ") });
    if (!passing()) continue;
    expect(states.failures, "page states left with axe violations").toEqual([]);
    expect(
      unscanned,
      "page states left for a new page before axe scanned them (wait for each page the test " +
        "moves to, e.g. with waitForHydration after a click that navigates)",
    ).toEqual([]);
  }
}

export const test = base.extend<StorefrontOptions>({
  scripts: ["on", { option: true }],
  serviceWorkers: async ({ scripts, serviceWorkers }, use) => {
    // A service worker would answer requests behind the route handler's back.
    await use(scripts === "stripped" ? "block" : serviceWorkers);
  },
  context: async ({ context, scripts }, use, testInfo) => {
    const pages: Page[] = [];
    const consoleErrors: string[] = [];
    context.on("page", (page) => {
      trackPage(page);
      pages.push(page);
      watchConsole(page, consoleErrors);
    });
    context.on("request", (request) => noteNavigation(request, testInfo));
    // A state is scanned before a data request replaces it (see ./axe.ts).
    await context.route(HELD_REQUESTS[scripts], async (route) => {
      const left = pageLeftBy(route.request());
      if (left) await scanBeforeLeaving(left, testInfo);
      if (scripts === "stripped") return serveWithoutScripts(route);
      return route.fallback();
    });
    await use(context);
    await finishPages(pages, testInfo);
    if (testInfo.status === testInfo.expectedStatus)
      expect(consoleErrors, "unexpected errors in the browser console").toEqual([]);
  },
});

export { expect, expectNoAxeViolations };

/** Whether the current project's shopper has JavaScript. */
export function jsEnabled(testInfo: TestInfo = test.info()): boolean {
  return (testInfo.project.use as Partial<StorefrontOptions>).scripts !== "stripped";
}

/**
 * Waits until the page is usable: loaded and, for a shopper with JavaScript, hydrated (the root
 * sets <html data-js="on"> in an effect, so it is there only once React has committed and its
 * handlers are attached, and each island marks itself `data-hydrated` the same way; not waited
 * for when `hydrated` is false). Then scans the page with axe if
 * this state has not been scanned yet.
 */
async function settle(page: Page, testInfo: TestInfo, hydrated = true): Promise<void> {
  // Without JavaScript a redirect is a page that moves on by itself: wait for where it goes.
  await expect
    .poll(() =>
      page
        .evaluate((name) => !document.querySelector(`meta[name="${name}"]`), REDIRECT_MARKER)
        .catch(() => false),
    )
    .toBe(true);
  await page.waitForLoadState("load");
  // Only the storefront's pages hydrate (not the sandboxes' own): those carry Remix's context.
  if (hydrated && jsEnabled(testInfo) && (await page.evaluate(() => "__remixContext" in window))) {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    // Islands (app/components/island.tsx) hydrate once their code has arrived, after the rest.
    await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
  }
  await scanIfUnscanned(page, testInfo);
}

/**
 * Waits until the page has hydrated (nothing to wait for without JavaScript), and checks a page
 * state that nothing has scanned yet with axe: call it after any navigation by click or form.
 */
export async function waitForHydration(
  page: Page,
  testInfo: TestInfo = test.info(),
): Promise<void> {
  await settle(page, testInfo);
}

/**
 * Follows a link like a shopper: clicks it, waits for the page it leads to (its level-1 heading)
 * and for that page to be usable, and checks it with axe.
 */
export async function followLink(page: Page, link: Locator, heading: string | RegExp) {
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await waitForHydration(page);
}

/**
 * With JavaScript, resolves once Remix has nothing in flight: no navigation, no revalidation and
 * no fetcher (a dismissal is followed by a revalidation whose answer can carry the next alert).
 * Playwright's `networkidle` cannot stand in: it resolves at once on a page that reached it before.
 * A page left with a request in flight logs that request's end ('TypeError: network error').
 */
export async function routerSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        type RouterState = {
          navigation: { state: string };
          revalidation: string;
          fetchers: Map<string, { state: string }>;
        };
        const router = (window as unknown as { __remixRouter?: { state: RouterState } })
          .__remixRouter;
        if (!router) return true;
        const { navigation, revalidation, fetchers } = router.state;
        return (
          navigation.state === "idle" &&
          revalidation === "idle" &&
          [...fetchers.values()].every((fetcher) => fetcher.state === "idle")
        );
      }),
    )
    .toBe(true);
}

/** Navigates like a shopper, waits for the page to be usable and checks it with axe. */
export async function visit(page: Page, path: string) {
  // Leave the page as a shopper would after it answered: nothing of the last action in flight,
  // and what it shows scanned (a form post's answer the test read without waiting on it; the page
  // need not be the storefront's, so hydration is not waited for).
  if (!page.url().startsWith("about:")) {
    await routerSettled(page);
    await settle(page, test.info(), false);
  }
  const first = await page.goto(path);
  await settle(page, test.info());
  // After a redirect (a page of its own without JavaScript), the answer of the page shown.
  return pageStates(page)?.lastDocument ?? first;
}

/**
 * Waits for the dialog to open (with JavaScript as a real modal: the rest of the page inert) and
 * checks the page with the dialog open with axe. Returns the dialog.
 */
export async function expectDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  if (jsEnabled())
    await expect.poll(() => dialog.evaluate((el) => el.matches("dialog:modal"))).toBe(true);
  await expectNoAxeViolations(page);
  return dialog;
}

export type { Locator, Page, TestInfo };
