/**
 * Spec §9 "Pickup and delivery form syncs debounced 250 ms": with JavaScript, the checkout's
 * entries are kept on the order as the shopper types, so leaving the page (Edit Cart) and coming
 * back loses none. Run with JavaScript only: without it nothing is sent until Place Order, which
 * saves the entries with the order (e2e/checkout.spec.ts, both ways).
 */
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { deliAndBakeryOf, plainDeliProduct } from "./support/cart";
import { demoStore } from "./support/api";
import { expectThankYou, fillCustomer } from "./support/checkout";
import { chooseTimeThroughApi, startAs } from "./support/start";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

/** A guest's Deli cart with its pickup time chosen, made through the API: ready for /checkout. */
async function deliOrderWithTime(context: BrowserContext, request: APIRequestContext) {
  const store = await demoStore(request);
  const { deli } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  const started = await startAs(context, request, { department: "Deli", products: [product] });
  await chooseTimeThroughApi(request, started.headers, started.orderId!);
  return started;
}

test("the checkout's entries are kept on the order once typing pauses, and are there on coming back", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const started = await deliOrderWithTime(context, request);

  await visit(page, "/checkout");
  await expect(
    page.getByRole("heading", { level: 1, name: "Review and Place Order" }),
  ).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("First Name").fill("Avery");
  await page.getByLabel(/Anything the store should know/).fill("Slice it thin");
  await expectNoAxeViolations(page);

  const order = async () => {
    const answer = await request.get(`/api/1/orders/${started.orderId}`, {
      headers: started.headers,
    });
    return (
      (await answer.json()) as {
        data: { customer: { first_name: string | null }; notes: string | null };
      }
    ).data;
  };
  await expect.poll(async () => (await order()).customer.first_name).toBe("Avery");
  expect((await order()).notes).toBe("Slice it thin");

  await page.getByRole("link", { name: "Edit Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await visit(page, "/checkout");
  await expect(page.getByLabel("First Name")).toHaveValue("Avery");
  await expect(page.getByLabel(/Anything the store should know/)).toHaveValue("Slice it thin");
  await expectNoAxeViolations(page);
});

test("a press of Place Order right after typing waits for the entries' save, and the confirmation shows", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  await deliOrderWithTime(context, request);

  // Each save's answer is held half a second, and the confirmation's route, which the browser's
  // router learns of on the way there, until a save has landed (or 2 s have passed). A save sent
  // after the press then lands while the page is on its way to the confirmation: the order of
  // events in which a placed order once ended on an empty page.
  let savesOnTheirWay = 0;
  let saveLanded: () => void = () => {};
  let landed = Promise.resolve();
  await page.route("**/checkout.data", async (route) => {
    const post = route.request();
    if (post.method() !== "POST" || !(post.postData() ?? "").includes("sync-entries"))
      return route.fallback();
    savesOnTheirWay += 1;
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A later save may have replaced this one (the page dropped it): nothing to answer then.
    await route.fulfill({ response: answer }).catch(() => undefined);
    savesOnTheirWay -= 1;
    saveLanded();
  });
  await page.route("**/__manifest?*", async (route) => {
    if (route.request().url().includes("%2Fconfirmation"))
      await Promise.race([landed, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await route.fallback();
  });

  await visit(page, "/checkout");
  await waitForHydration(page);
  await fillCustomer(page);
  await expect.poll(() => savesOnTheirWay).toBe(0);
  landed = new Promise<void>((resolve) => (saveLanded = resolve));
  // Typed, and Place Order pressed before the typing's save is sent (250 ms after the last key).
  await page.getByLabel(/Anything the store should know/).fill("Ring when ready");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expectThankYou(page);
});
