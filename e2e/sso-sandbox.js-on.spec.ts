/**
 * The sandbox identity provider's own pages (decision 016), run once (js-on): they are plain
 * HTML forms, the same with JavaScript or without. A sign-in the API starts shows the provider's
 * form, axe finds nothing on it or on the registration form, and signing in sends the browser
 * back to the storefront's /sso-return with a code and the state. (The storefront's side is
 * e2e/sign-in.spec.ts's, in both modes.)
 */
import { newApiKey } from "./support/api";
import { expect, expectNoAxeViolations, test } from "./support/test";

test("signing in on the sandbox provider comes back to /sso-return with a code", async ({
  page,
  request,
  baseURL,
}) => {
  const key = await newApiKey(request);
  const redirectUri = `${baseURL}/sso-return`;
  const started = await request.get(
    `/api/1/oauth/authorize?redirect_uri=${encodeURIComponent(redirectUri)}`,
    { headers: { authorization: `Bearer ${key}` } },
  );
  expect(started.status(), await started.text()).toBe(200);
  const { authorization_url, state } = (await started.json()).data as {
    authorization_url: string;
    state: string;
  };

  await page.goto(authorization_url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Sign in" }).click();

  await page.getByLabel("Email").fill("pat@example.com");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The email or password is not right.");
  await expectNoAxeViolations(page);

  await page.getByLabel("Password").fill("pat-password");
  // The storefront's /sso-return moves on at once (this sign-in is not its own): its request is
  // what shows where the provider sent the browser.
  const [returned] = await Promise.all([
    page.waitForRequest((request) => new URL(request.url()).pathname === "/sso-return"),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  const back = new URL(returned.url());
  expect(back.searchParams.get("state")).toBe(state);
  expect(back.searchParams.get("code")).toBeTruthy();
});
