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
  type BrowserContext,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";
import { expectNoAxeViolations } from "./axe";

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
export function stripScripts(html: string): string {
  return html
    .replace(SCRIPT_ELEMENT, "")
    .replace(LINK_TAG, (tag) => (isScriptPreload(tag) ? "" : tag))
    .replace(NOSCRIPT, "$1");
}

async function serveWithoutScripts(route: Route): Promise<void> {
  const request = route.request();
  const type = request.resourceType();
  if (type === "script" || type === "worker") return route.abort("blockedbyclient");
  if (type !== "document") return route.continue();
  // Fetch once, without following redirects: a form POST must not be sent twice, and the
  // browser must see a redirect to land on the right URL.
  const response = await route.fetch({ maxRedirects: 0 });
  const contentType = response.headers()["content-type"] ?? "";
  if (!contentType.includes("text/html")) return route.fulfill({ response });
  const headers = { ...response.headers() };
  // The body we send is decoded and edited: its old length and encoding no longer apply.
  delete headers["content-length"];
  delete headers["content-encoding"];
  // Second policy, enforced alongside the server's: nothing inline (handlers included) runs.
  headers["content-security-policy"] = headers["content-security-policy"]
    ? `${headers["content-security-policy"]}, script-src 'none'`
    : "script-src 'none'";
  return route.fulfill({ response, headers, body: stripScripts(await response.text()) });
}

export const test = base.extend<StorefrontOptions>({
  scripts: ["on", { option: true }],
  serviceWorkers: async ({ scripts, serviceWorkers }, use) => {
    // A service worker would answer requests behind the route handler's back.
    await use(scripts === "stripped" ? "block" : serviceWorkers);
  },
  context: async ({ context, scripts }, use) => {
    if (scripts === "stripped") await context.route("**/*", serveWithoutScripts);
    await use(context);
  },
});

export { expect, expectNoAxeViolations };

/** Whether the current project's shopper has JavaScript. */
export function jsEnabled(testInfo: TestInfo = test.info()): boolean {
  return (testInfo.project.use as Partial<StorefrontOptions>).scripts !== "stripped";
}

/**
 * Waits until the page has hydrated: the root sets <html data-js="on"> in an effect, so it is
 * there only once React has committed and its handlers are attached. Does nothing for a shopper
 * without JavaScript.
 */
export async function waitForHydration(
  page: Page,
  testInfo: TestInfo = test.info(),
): Promise<void> {
  if (!jsEnabled(testInfo)) return;
  await expect(page.locator("html")).toHaveAttribute("data-js", "on");
}

/** Navigates like a shopper and waits for the page to be usable in the current project. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export type { BrowserContext, Page, TestInfo };
