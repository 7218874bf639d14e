/** The sandbox payment gateway's hosted page, as a shopper's browser uses it. */
import { expect } from "vitest";

/** A browser on the sandbox's page: opens it, then posts its form with the cookie it was given. */
export async function payOnPage(redirectUrl: string, card: Record<string, string>) {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(redirectUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({
      csrf,
      card_number: "4242 4242 4242 4242",
      expiry: "12/40",
      cvc: "123",
      name: "Pat Rivera",
      ...card,
    }).toString(),
  });
  return { res, html, cookie, csrf };
}
