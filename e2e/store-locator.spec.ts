/**
 * The Store Locator's search and map (spec §2, §4, §5, §9), with and without JavaScript, axe on
 * every state: a zip code puts its own store first, a town lists the nearest stores in order, a
 * store's name finds it (the brand's words aside); the map's markers are the list's, numbered
 * alike — the server's SVG without JavaScript, the Leaflet island with it, clustered once more
 * than 10 stores show; the search box is required.
 */
import type { Page } from "@playwright/test";
import { STORES } from "../api/db/seed/stores";
import { STORE_SEARCH_REQUIRED } from "../core/rules/store-search";
import { expect, jsEnabled, test, visit, waitForHydration } from "./support/test";

const results = (page: Page) =>
  page.getByRole("region", { name: /^(All Stores|Stores matching)/ }).getByRole("listitem");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "City, State or Zip Code" });

/** The list as the shopper reads it: '1 Princeton', '2 Montclair'… */
async function listed(page: Page): Promise<string[]> {
  const rows = await results(page).all();
  return Promise.all(
    rows.map(async (row, index) => {
      const name = await row.getByRole("heading", { level: 3 }).textContent();
      return `${index + 1} ${name?.trim()}`;
    }),
  );
}

/** The map's markers as '1 Princeton'…, in number order: the island's pins, else the SVG's. */
async function mapMarkers(page: Page): Promise<string[]> {
  if (jsEnabled()) {
    const island = page.getByTestId("store-map-island");
    await expect(island).toHaveAttribute("data-ready", "true");
    await expect(page.getByTestId("store-map-svg")).toHaveCount(0);
    const pins = await island
      .locator(".store-map__pin")
      .evaluateAll((els) =>
        els.map((el) => `${el.firstChild?.textContent} ${el.getAttribute("title")}`),
      );
    return pins.sort((a, b) => parseInt(a) - parseInt(b));
  }
  const svg = page.getByRole("img", { name: "Map of the stores listed" });
  await expect(svg).toBeVisible();
  await expect(page.getByTestId("store-map-island")).toHaveCount(0);
  const numbers = await svg
    .locator("[data-marker]")
    .evaluateAll((els) => els.map((el) => el.textContent ?? ""));
  const described = (await svg.locator("desc").textContent()) ?? "";
  const names = described.replace(/^Numbered markers: |\.$/g, "").split("; ");
  expect(numbers.sort((a, b) => Number(a) - Number(b))).toEqual(names.map((n) => n.split(", ")[0]));
  return names.map((n) => n.replace(", ", " "));
}

async function search(page: Page, text: string, how: "Enter" | "button" = "Enter") {
  await searchBox(page).fill(text);
  if (how === "Enter") await searchBox(page).press("Enter");
  else await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/stores" && url.searchParams.get("search") === text,
  );
  await waitForHydration(page);
}

const milesOf = async (page: Page) =>
  (
    await results(page)
      .getByText(/ mi away$/)
      .allTextContents()
  ).map((t) => parseFloat(t));

test("a zip code lists its own store first, then the nearest, with distances and the same markers on the map", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visit(page, "/stores");
  await search(page, "08540");
  await expect(results(page)).toHaveCount(5);
  const first = results(page).first();
  await expect(first.getByRole("link")).toHaveText("Princeton");
  await expect(first.getByRole("link")).toHaveAttribute("href", /^\/stores\/\d+\/orders\/new$/);
  await expect(first).toContainText("Princeton, NJ 08540");
  await expect(page.getByText("Nearest to Princeton, NJ 08540 first.")).toBeVisible();
  const miles = await milesOf(page);
  expect(miles).toHaveLength(5);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(miles[0]).toBeLessThan(2);
  expect(await mapMarkers(page)).toEqual(await listed(page));
  // Princeton's neighbours are a mile or two apart: their pins are drawn apart, each a target a
  // 24 px circle around its centre does not share with another (WCAG 2.5.8).
  if (jsEnabled()) {
    const centres = await page
      .getByTestId("store-map-island")
      .locator(".store-map__pin")
      .evaluateAll((pins) =>
        pins.map((pin) => {
          const box = pin.getBoundingClientRect();
          return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        }),
      );
    expect(centres).toHaveLength(5);
    const gaps = centres.flatMap((a, i) =>
      centres.slice(i + 1).map((b) => Math.hypot(a.x - b.x, a.y - b.y)),
    );
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(24);
  }
});

test("a town without a store lists the stores nearest it, in order; the button searches too", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await visit(page, "/stores");
  await search(page, "Trenton, NJ", "button");
  await expect(page.getByText("Nearest to Trenton, NJ first.")).toBeVisible();
  await expect(results(page)).toHaveCount(5);
  await expect(results(page).first().getByRole("link")).toHaveText("Princeton");
  const miles = await milesOf(page);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(await mapMarkers(page)).toEqual(await listed(page));

  // A town with a store: that store first.
  await search(page, "Cambridge");
  await expect(results(page).first().getByRole("link")).toHaveText("Cambridge");
  expect(await mapMarkers(page)).toEqual(await listed(page));
});

test("a store's name finds it even with the brand's words, which alone match no store", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await visit(page, "/stores");
  await search(page, "Harvest Market Norwalk");
  await expect(results(page).first().getByRole("link")).toHaveText("Norwalk");
  expect(await mapMarkers(page)).toEqual(await listed(page));

  await search(page, "Harvest Market");
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByText("No stores match your search.")).toBeVisible();
});

test("with no search every store shows, on the map too, clustered with JavaScript (more than 10)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  expect(STORES.length).toBeGreaterThan(10);
  await visit(page, "/stores");
  await expect(results(page)).toHaveCount(STORES.length);
  if (!jsEnabled()) {
    expect(await mapMarkers(page)).toEqual(await listed(page));
    return;
  }
  const island = page.getByTestId("store-map-island");
  await expect(island).toHaveAttribute("data-ready", "true");
  const clusters = island.locator(".store-map__cluster");
  await expect(clusters.first()).toBeVisible();
  // Every store is on the map: alone, or counted in a cluster.
  const inClusters = (await clusters.allTextContents()).reduce((sum, t) => sum + parseInt(t), 0);
  const alone = await island.locator(".store-map__pin").count();
  expect(inClusters + alone).toBe(STORES.length);
  // Zooming in on a cluster shows its stores' own markers.
  const before = alone;
  await clusters.first().click();
  await expect.poll(() => island.locator(".store-map__pin").count()).toBeGreaterThan(before);
});

test("the search box is required: an empty search goes nowhere, one of spaces asks for a place", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await visit(page, "/stores");
  const box = searchBox(page);
  await expect(box).toHaveAttribute("required", "");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/stores$/);
  expect(await box.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

  await box.fill("   ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/stores\?search=/);
  await waitForHydration(page);
  await expect(page.getByText(STORE_SEARCH_REQUIRED)).toBeVisible();
  await expect(searchBox(page)).toHaveAttribute("aria-invalid", "true");
  await expect(results(page)).toHaveCount(STORES.length);
});
