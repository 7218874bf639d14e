/**
 * The billing address picker (spec §2 /addresses, 'Pay Online'; FEATURE_BILLING_ADDRESSES, on in
 * the e2e servers), with and without JavaScript, on the server with the order-system integration:
 * a new shopper (no address yet) is told so, adds one on the identity provider's address page (in
 * a dialog with scripts, a page and back without), sees it in the list, and goes on to the
 * payment provider's page with it. Pat picks her own address. Axe scans every page, the dialog
 * open.
 */
import { demoDepartment } from "./support/api";
import { pickUpOneProduct, toPaymentOptions } from "./support/payment";
import { FIXED_STORE_URL } from "./support/servers";
import { PAT } from "./support/sign-in";
import {
  expect,
  expectNoAxeViolations,
  jsEnabled,
  test,
  waitForHydration,
  type Page,
} from "./support/test";

test.use({ baseURL: FIXED_STORE_URL });

const NONE =
  "Your profile has no billing address yet. Add one, or continue: the payment page will ask for it.";

/** 'Pay Online' on /payment-options: the picker, settled. */
async function toAddresses(page: Page) {
  await page.getByRole("button", { name: "Pay Online" }).click();
  await expect(page).toHaveURL(/\/addresses$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pay Online" })).toBeVisible();
}

/** On the payment provider's page, the hold started: cancelled, back on the shop's cart. */
async function leavePaymentPage(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await expect(page.getByLabel("Card number")).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Cancel and return to/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await waitForHydration(page);
}

/** The address page's form (the provider's own page, or framed in the dialog). */
async function fillAddress(
  form: Pick<Page, "getByLabel" | "getByRole">,
  address: { street: string; city: string; state: string; zip: string },
) {
  await form.getByLabel("Street address").fill(address.street);
  await form.getByLabel("City").fill(address.city);
  await form.getByLabel("State").fill(address.state);
  await form.getByLabel("ZIP code").fill(address.zip);
  await form.getByRole("button", { name: "Save address" }).click();
}

test("a shopper without an address adds one on the provider's page, picks it and goes on to the payment page", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // An account of the provider's own: its address page is the provider's.
  await toPaymentOptions(page, request, { register: true });
  await toAddresses(page);
  await expect(page.getByText(NONE)).toBeVisible();
  await expectNoAxeViolations(page);

  const street = `${Math.floor(Math.random() * 900) + 100} Harbor Road`;
  const address = { street, city: "Troy", state: "NY", zip: "12180" };
  await page.getByRole("link", { name: "+ Add New Billing Address" }).click();
  if (jsEnabled()) {
    const dialog = page.getByRole("dialog", { name: "Add New Billing Address" });
    await expect(dialog).toBeVisible();
    const frame = page.frameLocator("iframe.addresses__frame");
    await expect(frame.getByRole("heading", { name: "Your addresses" })).toBeVisible();
    await fillAddress(frame as unknown as Page, address);
    await expect(dialog.getByText("Your new address is in the list.")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(/\/sandbox\/sso\/profile\/addresses\?return=/);
    await expect(page.getByRole("heading", { level: 1, name: "Your addresses" })).toBeVisible();
    await expectNoAxeViolations(page);
    await fillAddress(page, { ...address, zip: "123" });
    await expect(page.getByText("Enter 5 digits, or ZIP+4.")).toBeVisible();
    await fillAddress(page, address);
    await expect(page).toHaveURL(/\/addresses$/);
  }

  const chosen = page.getByRole("radio", { name: `${street}, Troy, NY 12180` });
  await expect(chosen).toBeChecked();
  await expect(page.getByText(NONE)).toBeHidden();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  // The hold starts on the payment provider's page.
  await leavePaymentPage(page);
});

test("Pat's profile address is offered and chosen; Continue Shopping leads back to the department", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const grocery = await demoDepartment(request, "Grocery");
  await pickUpOneProduct(page, request, grocery, { shopper: PAT });
  await expect(page).toHaveURL(/\/payment-options$/);
  await waitForHydration(page);
  await toAddresses(page);
  const orchard = page.getByRole("radio", { name: "12 Orchard Lane, Albany, NY 12203" });
  await expect(orchard).toBeChecked();
  await expectNoAxeViolations(page);
  await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute(
    "href",
    `/stores/${grocery.storeId}/departments/${grocery.departmentId}`,
  );
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await leavePaymentPage(page);
});
