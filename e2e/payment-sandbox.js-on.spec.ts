/**
 * The sandbox payment gateway's hosted page (decision 021), run once (js-on): a plain HTML form
 * without scripts, the same with JavaScript or without. An authorization the API starts opens the page with the amount and the merchant,
 * axe finds nothing on it (nor with its errors shown), it fits a 320 px screen, a malformed card
 * and a past expiry are named beside their fields, and paying with 4242 4242 4242 4242 sends the
 * browser to the storefront's /card-authorization/process with the reference, the authorization
 * approved. (The storefront's payment pages are not built yet.)
 */
import { createHash, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { demoDepartment, e2eDatabase, newApiKey, oneClickProduct } from "./support/api";
import { expect, expectNoAxeViolations, test } from "./support/test";

/** A device key signed in as a shopper of this test's own (a `users` row bound to the key). */
async function signedInKey(request: APIRequestContext): Promise<string> {
  const key = await newApiKey(request);
  const db = e2eDatabase();
  try {
    const brand = db.prepare("SELECT id FROM brands ORDER BY id LIMIT 1").get() as { id: number };
    const uuid = randomUUID();
    const user = db
      .prepare(
        `INSERT INTO users (brand_id, sso_subject, email, first_name, last_name, phone, uuid,
           card_number, mi9_uuid, mwg_uuid, created_at)
         VALUES (?, ?, ?, 'Robin', 'Payer', NULL, ?, NULL, NULL, NULL, ?)`,
      )
      .run(
        brand.id,
        `e2e-${uuid}`,
        `pay-${uuid.slice(0, 8)}@example.com`,
        uuid,
        new Date().toISOString(),
      );
    db.prepare("UPDATE api_keys SET user_id = ? WHERE key_hash = ?").run(
      Number(user.lastInsertRowid),
      createHash("sha256").update(key).digest("hex"),
    );
  } finally {
    db.close();
  }
  return key;
}

/** A signed-in shopper's Bakery cart with its card authorization started on the sandbox. */
async function startedPayment(request: APIRequestContext, baseURL: string | undefined) {
  // The Bakery takes online payment (without requiring it) at every demo store.
  const bakery = await demoDepartment(request, "Bakery");
  const product = await oneClickProduct(request, bakery.departmentId);
  const headers = { authorization: `Bearer ${await signedInKey(request)}` };
  const order = await request.post("/api/1/items", {
    headers,
    data: { department_id: bakery.departmentId, product_id: product.id, quantity: 1 },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = ((await order.json()) as { data: { order_id: number } }).data.order_id;
  const started = await request.post(`/api/1/orders/${orderId}/card-authorization`, {
    headers,
    data: {
      return_url: `${baseURL}/card-authorization/process`,
      billing_address: {
        address_line_1: "12 Orchard Lane",
        city: "Princeton",
        state: "NJ",
        zip_code: "08540",
      },
    },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { data } = (await started.json()) as {
    data: { redirect_url: string; reference: string; amount: number };
  };
  return { ...data, orderId, headers };
}

test("the sandbox's hosted page takes a test card and returns to the storefront with the reference", async ({
  page,
  request,
  baseURL,
}) => {
  const { redirect_url, reference, amount, orderId, headers } = await startedPayment(
    request,
    baseURL,
  );
  const dollars = `$${(amount / 100).toFixed(2)}`;

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(redirect_url);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bakery order at");
  await expect(page.getByText("Pay Harvest Market")).toBeVisible();
  await expect(page.getByText(dollars, { exact: true })).toBeVisible();
  // Usable at 320 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);

  await page.getByLabel("Card number").fill("4242 4242 4242 4241");
  await page.getByLabel("Expiry date (MM/YY)").fill("01/20");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Robin Payer");
  await page.getByRole("button", { name: `Authorize ${dollars}` }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the card details marked below.");
  await expect(page.getByLabel("Card number")).toHaveAccessibleDescription(
    /Error: Enter a valid card number\./,
  );
  await expect(page.getByLabel("Expiry date (MM/YY)")).toHaveAccessibleDescription(
    "Error: This card has expired: enter a future expiry date.",
  );
  await expectNoAxeViolations(page);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry date (MM/YY)").fill("12/40");
  await page.getByLabel("Security code (CVC)").fill("123");
  // The request shows where the gateway sent the browser. This browser has no order of its own
  // (the payment was started through the API), so the storefront answers its order-required page.
  const [returned] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === "/card-authorization/process"),
    page.getByRole("button", { name: `Authorize ${dollars}` }).click(),
  ]);
  expect(new URL(returned.url()).searchParams.get("reference")).toBe(reference);
  await expect(
    page.getByText("This page requires an existing order but no order has been started."),
  ).toBeVisible();

  const read = await request.get(`/api/1/orders/${orderId}/card-authorization`, { headers });
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { data: unknown }).data).toMatchObject({
    status: "approved",
    card_brand: "visa",
    card_last_four: "4242",
  });
});

test("Cancel goes back to the storefront's cancel page with the reference", async ({
  page,
  request,
  baseURL,
}) => {
  const { redirect_url, reference } = await startedPayment(request, baseURL);
  await page.goto(redirect_url);
  // This worker may not have scanned the gateway's page yet; the click below leaves it.
  await expectNoAxeViolations(page);
  const [cancelled] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === "/card-authorization/cancel"),
    page.getByRole("link", { name: "Cancel and return to Harvest Market" }).click(),
  ]);
  expect(new URL(cancelled.url()).searchParams.get("reference")).toBe(reference);
});
