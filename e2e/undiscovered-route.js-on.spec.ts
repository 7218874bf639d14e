/**
 * With JavaScript the browser's router learns of a route only on the way to it (lazy route
 * discovery). A background save answered while the page is on its way to a route the router has
 * not learned yet used to finish that navigation on the catch-all route, whose page is empty. The
 * page must be the one the shopper was sent to. Run with JavaScript only: without it every step is
 * a document load and nothing is learned on the way.
 */
import { closeRecommendations, deliAndBakeryOf, plainDeliProduct } from "./support/cart";
import { demoStore } from "./support/api";
import { startAs } from "./support/start";
import { expect, test, visit, waitForHydration } from "./support/test";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("Next pressed while the substitution choice is being saved lands on the time page", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(60_000);
  const store = await demoStore(request);
  const { deli } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  await startAs(context, request, { department: "Deli", products: [product] });

  // The box's save is answered half a second late, and the time page's route is learned only
  // once that save has landed: the order of events that left the shopper on an empty page.
  let saveLanded: () => void = () => {};
  const landed = new Promise<void>((resolve) => (saveLanded = resolve));
  await page.route("**/cart.data", async (route) => {
    const post = route.request();
    if (post.method() !== "POST" || !(post.postData() ?? "").includes("substitutions"))
      return route.fallback();
    if ((post.postData() ?? "").includes("continue")) return route.fallback();
    const answer = await route.fetch();
    await pause(500);
    await route.fulfill({ response: answer }).catch(() => undefined);
    saveLanded();
  });
  await page.route("**/__manifest?*", async (route) => {
    // Learned after the save's answer and the reload of the cart's data that follows it.
    if (route.request().url().includes("%2Ffulfillment-time"))
      await Promise.race([landed.then(() => pause(400)), pause(2_000)]);
    await route.fallback();
  });

  await visit(page, "/cart");
  await waitForHydration(page);
  await closeRecommendations(page);
  await page.getByLabel("Please substitute unavailable items").click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/fulfillment-time$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose Your Pickup Time" }),
  ).toBeVisible();
});
