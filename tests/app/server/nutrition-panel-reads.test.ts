/**
 * The product page's nutrition panel read from its URL (a local server stands in for the API's
 * /nutrition-panels): kept with the shared answers once read, a failure never kept.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSharedAnswers } from "~/.server/api/shared-answers";
import { fetchNutritionPanel } from "~/.server/nutrition-panel";

describe("fetchNutritionPanel", () => {
  const FACTS =
    '<table><caption>Nutrition Facts: Bananas</caption><tr><th scope="row">Calories</th><td>105</td></tr></table>';
  // Each path answers its statuses in turn (the last one repeats); every read is counted.
  const answers: Record<string, number[]> = {
    "/panels/1": [200],
    "/panels/2": [404],
    "/panels/3": [503, 200],
  };
  const reads: Record<string, number> = {};
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? "";
      const turn = reads[path] ?? 0;
      reads[path] = turn + 1;
      const statuses = answers[path] ?? [404];
      const status = statuses[Math.min(turn, statuses.length - 1)]!;
      res.writeHead(status, { "content-type": "text/html" }).end(status === 200 ? FACTS : "");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads a product's panel once for every shopper while it is kept", async () => {
    const shared = createSharedAnswers({ ttlMs: 60_000 });
    const first = await fetchNutritionPanel(`${base}/panels/1`, shared);
    const again = await fetchNutritionPanel(`${base}/panels/1`, shared);
    expect(first?.rows).toEqual([{ label: "Calories", value: "105" }]);
    expect(again).toEqual(first);
    expect(reads["/panels/1"]).toBe(1);
    // No panel for a product is an answer too: kept, not asked again.
    expect(await fetchNutritionPanel(`${base}/panels/2`, shared)).toBeNull();
    expect(await fetchNutritionPanel(`${base}/panels/2`, shared)).toBeNull();
    expect(reads["/panels/2"]).toBe(1);
  });

  it("keeps no failure: the next view reads the panel again", async () => {
    const shared = createSharedAnswers({ ttlMs: 60_000 });
    expect(await fetchNutritionPanel(`${base}/panels/3`, shared)).toBeNull();
    const next = await fetchNutritionPanel(`${base}/panels/3`, shared);
    expect(next?.caption).toBe("Nutrition Facts: Bananas");
    expect(reads["/panels/3"]).toBe(2);
  });
});
