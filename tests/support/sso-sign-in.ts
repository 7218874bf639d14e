/**
 * A whole sign-in through the sandbox provider (decision 016) for tests that need a person signed
 * in as the provider says they are (a store associate's claims, decision 042): the API starts
 * it, a browser without JavaScript signs in on the provider's form, the API finishes it.
 */
import { expect } from "vitest";
import type { TestApi } from "./api";
import { ssoBrowser } from "./sso-browser";

/** Answers the new key the device holds once signed in, and the profile the API answered. */
export async function signInAs(api: TestApi, email: string, password: string) {
  const key = await api.newKey();
  const redirectUri = `${api.origin}/sso-return`;
  const started = await api.call(
    "GET",
    `/oauth/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`,
    { key },
  );
  expect(started.status).toBe(200);
  const { authorization_url } = (await started.json()).data as { authorization_url: string };
  const browser = ssoBrowser();
  const form = await browser.open(authorization_url);
  const back = await browser.submit(form, { email, password });
  expect(back.url.pathname, back.html).toBe("/sso-return");
  const finished = await api.call("POST", "/oauth/authenticate", {
    key,
    body: {
      code: back.url.searchParams.get("code"),
      state: back.url.searchParams.get("state"),
      redirect_uri: redirectUri,
      iss: back.url.searchParams.get("iss") ?? undefined,
    },
  });
  expect(finished.status, await finished.clone().text()).toBe(200);
  const body = await finished.json();
  return { key: body.meta.api_key as string, profile: body.data };
}
