/**
 * The Store Locator without a browser, as curl sees it (spec §2, §9): '/stores?search=08540' lists
 * Princeton first with its link; a town lists the nearest stores in order. ("api" project.)
 */
import { test, expect } from "@playwright/test";
import { STORES } from "../api/db/seed/stores";
import { newApiKey } from "./support/api";

/** The result list's store links and distances, in order. */
function resultsOf(html: string) {
  const items = html.split('class="store-list__item"').slice(1);
  return items.map((item) => {
    const link = /<a[^>]*href="(\/stores\/\d+\/orders\/new)"[^>]*>([^<]+)<\/a>/.exec(item);
    const miles = /([\d.]+) mi away/.exec(item);
    return { href: link?.[1], name: link?.[2], miles: miles ? Number(miles[1]) : null };
  });
}

test("curl: /stores?search=08540 lists the Princeton store first and links to it", async ({
  request,
}) => {
  const answer = await request.get("/stores?search=08540");
  expect(answer.status()).toBe(200);
  const results = resultsOf(await answer.text());
  expect(results).toHaveLength(5);
  expect(results[0]!.name).toBe("Princeton");
  const stores: { id: number; name: string }[] = (
    await (
      await request.get("/api/1/stores", {
        headers: { authorization: `Bearer ${await newApiKey(request)}` },
      })
    ).json()
  ).data;
  const princeton = stores.find((s) => s.name === "Princeton")!;
  expect(results[0]!.href).toBe(`/stores/${princeton.id}/orders/new`);
  // Following the link starts an order at Princeton.
  const order = await request.get(results[0]!.href!);
  expect(order.status()).toBe(200);
  expect(await order.text()).toContain("Create New Order");
});

test("curl: a town lists the nearest stores, in order of distance", async ({ request }) => {
  const results = resultsOf(await (await request.get("/stores?search=Trenton%2C+NJ")).text());
  expect(results.map((r) => r.name)[0]).toBe("Princeton");
  const miles = results.map((r) => r.miles!);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(STORES.map((s) => s.name)).toEqual(expect.arrayContaining(results.map((r) => r.name)));
});
