/**
 * Spec §9 "Pickup and delivery form syncs debounced 250 ms": with JavaScript, the checkout's
 * entries are kept on the order as the shopper types, so leaving the page (Edit Cart) and coming
 * back loses none. Run with JavaScript only: without it nothing is sent until Place Order, which
 * saves the entries with the order (e2e/checkout.spec.ts, both ways).
 */
import { deliAndBakeryOf, plainDeliProduct } from "./support/cart";
import { demoStore } from "./support/api";
import { chooseTimeThroughApi, startAs } from "./support/start";
import { expect, expectNoAxeViolations, test, visit, waitForHydration } from "./support/test";

test("the checkout's entries are kept on the order once typing pauses, and are there on coming back", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  const store = await demoStore(request);
  const { deli } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  const started = await startAs(context, request, { department: "Deli", products: [product] });
  await chooseTimeThroughApi(request, started.headers, started.orderId!);

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
