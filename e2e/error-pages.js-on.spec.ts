/**
 * The error pages of spec §8 "Error page by code", each rendered by /oops?code= (the e2e API
 * cannot be made to fail on demand): the heading, the message, Go Home except on 503, the HTTP
 * status, and the title '{heading} - Order Express Harvest Market'. Axe runs on each. Run once
 * (js-on): the server renders these the same for a shopper with JavaScript or without (the 404
 * and 500 pages are visited without it in e2e/layout.spec.ts).
 */
import { expect, expectNoAxeViolations, test, visit } from "./support/test";

const BAD_REQUEST = "The request could not be processed. Please try again later.";

const PAGES = [
  { code: 502, heading: "Service Unavailable.", message: BAD_REQUEST, goHome: true },
  {
    code: 503,
    heading: "We'll Be Right Back!",
    message: "The API service is currently unavailable. Please try again in a few minutes.",
    goHome: false,
  },
  {
    code: 404,
    heading: "Error 404: Not Found.",
    message: "The page you're looking for is not available.",
    goHome: true,
  },
  {
    code: 422,
    heading: "Error 422: Validation Failed.",
    // The spec keeps the source's typo.
    message: "The action could could be completed due to a validation failure.",
    goHome: true,
  },
];

for (const { code, heading, message, goHome } of PAGES) {
  test(`the ${code} page: '${heading}'${goHome ? "" : " without Go Home"}`, async ({ page }) => {
    const response = await visit(page, `/oops?code=${code}`);
    expect(response?.status()).toBe(code);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} - Order Express Harvest Market`);
    const home = page.getByRole("link", { name: "Go Home" });
    if (goHome) await expect(home).toHaveAttribute("href", "/");
    else await expect(home).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
