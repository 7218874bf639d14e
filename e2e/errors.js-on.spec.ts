/**
 * The error page of spec §8 for unknown paths, unknown stores and /oops: the statuses, headings
 * and Go Home, which the server renders the same with JavaScript or without. Run once (js-on);
 * e2e/layout.spec.ts visits the 404 and 500 pages without JavaScript too.
 */
import { expect, expectNoAxeViolations, test, visit } from "./support/test";

test("an unknown path answers 404 with the Not Found page", async ({ page }) => {
  const response = await visit(page, "/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error 404: Not Found." })).toBeVisible();
  await expect(page.getByText("The page you're looking for is not available.")).toBeVisible();
  await expect(page).toHaveTitle(/Order Express/);
  await expectNoAxeViolations(page);

  const goHome = page.getByRole("link", { name: "Go Home" });
  await expect(goHome).toHaveAttribute("href", "/");
  await goHome.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page
      .getByRole("link", { name: "Start New Order" })
      .or(page.getByRole("button", { name: "Start New Order" })),
  ).toBeVisible();
});

test("/oops without a code shows the 500 page", async ({ page }) => {
  const response = await visit(page, "/oops");
  expect(response?.status()).toBe(500);
  // No error recorded: the 500 page with the catalogue's generic message.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Something Went Wrong.");
  await expect(
    page.getByText("An unexpected error occurred. Please try again later."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle("Oops! Something Went Wrong. - Order Express Harvest Market");
  await expectNoAxeViolations(page);
});

test("an unknown store id shows the Not Found page", async ({ page }) => {
  const response = await visit(page, "/stores/999999/departments");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Error 404: Not Found." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  await expectNoAxeViolations(page);
});
