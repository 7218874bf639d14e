/**
 * A browser without JavaScript for the sandbox identity provider: it keeps cookies, follows
 * redirects by hand, reads the forms of the pages it lands on and posts them, and stops at the
 * storefront's /sso-return (which it does not fetch), as a shopper's browser would arrive there.
 */
import { expect } from "vitest";

export interface Landing {
  /** The last URL reached: a provider page, or the /sso-return the provider sent the shopper to. */
  url: URL;
  status: number;
  html: string;
}

export function ssoBrowser() {
  const cookies = new Map<string, string>();

  function keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (gone || !value) cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function go(start: URL, init: RequestInit = {}): Promise<Landing> {
    let url = start;
    let request: RequestInit = init;
    for (let hops = 0; hops < 10; hops++) {
      if (url.pathname === "/sso-return") return { url, status: 0, html: "" };
      const headers = new Headers(request.headers);
      if (cookies.size)
        headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      const res = await fetch(url, { ...request, headers, redirect: "manual" });
      keep(res);
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        url = new URL(location, url);
        request = {};
        continue;
      }
      return { url, status: res.status, html: await res.text() };
    }
    throw new Error("too many redirects");
  }

  return {
    cookies,
    open: (url: string | URL) => go(new URL(url)),
    /** Posts the page's (first) form with these fields, from the provider's own origin. */
    async submit(page: Landing, fields: Record<string, string>): Promise<Landing> {
      const action = /<form method="post" action="([^"]+)"/.exec(page.html)?.[1];
      expect(action, `a form on ${page.url.href}`).toBeDefined();
      const target = new URL(action!.replaceAll("&amp;", "&"), page.url);
      return go(target, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: target.origin },
        body: new URLSearchParams(fields).toString(),
      });
    },
    /** The sign-in page's "Create an account" link. */
    registerLink(page: Landing): URL {
      const href = /<a href="([^"]+\/register)"/.exec(page.html)?.[1];
      expect(href).toBeDefined();
      return new URL(href!, page.url);
    },
  };
}
