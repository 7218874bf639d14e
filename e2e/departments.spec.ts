/**
 * The departments page (issue 27, items 12 and 14), with JavaScript and without: each card names
 * its department once (the picture above it carries no words), shows a food picture no other
 * card shows, keeps its picture's size in the markup, and the page is compact on a phone: two
 * columns of cards at 320 px and the whole page under 2,000 px at 375 px (it was 3,300).
 */
import type { APIRequestContext } from "@playwright/test";
import { demoStore, newApiKey } from "./support/api";
import { closeStoreAlerts } from "./support/alerts";
import { expect, test, visit } from "./support/test";

/**
 * A store of the demo whose departments no spec changes: specs that need rows of their own copy
 * departments into the home store (ownDepartment), which would add cards to its page.
 */
async function untouchedStore(request: APIRequestContext) {
  const home = await demoStore(request);
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const answer = await request.get("/api/1/stores?limit=1000", { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const others = ((await answer.json()) as { data: { id: number }[] }).data.filter(
    (store) => store.id !== home.id,
  );
  expect(others.length).toBeGreaterThan(0);
  return others.at(-1)!;
}

/** The embedded food pictures of an SVG picture (their WebP data). */
const embeddedPictures = (svg: string) =>
  [...svg.matchAll(/href="data:image\/webp;base64,([^"]+)"/g)].map((m) => m[1] ?? "");

test("each department card names it once and shows a food picture of its own; a phone sees them compact", async ({
  page,
  request,
}) => {
  const store = await untouchedStore(request);
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);

  const cards = page.locator("main .card-grid > li");
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(6);

  const names: string[] = [];
  const pictures: string[][] = [];
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    const name = (await card.locator(".tile__title").innerText()).trim();
    names.push(name);
    const image = card.locator("img");
    // The picture's size is in the markup, so nothing moves when it arrives.
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    // The name under the picture says what it is: the picture is decoration.
    await expect(image).toHaveAttribute("alt", "");
    const answer = await request.get((await image.getAttribute("src")) ?? "");
    expect(answer.ok(), name).toBe(true);
    const svg = await answer.text();
    // The picture spells nothing, so the card shows the department's name once.
    expect(svg, name).not.toMatch(/<text/);
    const embedded = embeddedPictures(svg);
    expect(embedded.length, `${name} shows a food picture`).toBeGreaterThan(0);
    pictures.push(embedded);
  }
  expect(new Set(names).size).toBe(names.length);
  // Each card's main picture (its first drawn large) is in no other card's picture.
  for (const [i, own] of pictures.entries()) {
    const main = own.at(-1) ?? "";
    const sharing = names.filter((_, j) => j !== i && pictures[j]!.includes(main));
    expect(sharing, `${names[i]}'s picture is shared`).toEqual([]);
  }

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, "the departments page's height at 375 px").toBeLessThan(2000);

  await page.setViewportSize({ width: 320, height: 800 });
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  // Two columns: the second card sits beside the first, not under it.
  expect(second!.y).toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
