/**
 * A cart with one item, made as a shopper makes it (the product page's Add to Cart), with the
 * store and departments looked up through the API by name, never guessed.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { closeStoreAlerts } from "./alerts";
import { demoStore, departmentsOf, newApiKey, oneClickProduct } from "./api";
import { control } from "./page";
import { startAs } from "./start";
import { expect, visit, waitForHydration } from "./test";

/**
 * The recommendations the cart offers on an order's first view, closed (without JavaScript the
 * cart again, a page of its own: waited on). Every department the callers shop in has more
 * products than their cart holds, so the dialog must open: it is awaited, never skipped.
 */
export async function closeRecommendations(page: Page) {
  const offers = page.getByRole("dialog", { name: "You May Also Like" });
  await expect(offers).toBeVisible();
  await control(offers, "Close").click();
  await expect(offers).toBeHidden();
  await waitForHydration(page);
}

export interface Department {
  id: number;
  name: string;
}

export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const answer = await request.get(`/api/1${path}`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** The Deli and Bakery of a store. */
export async function deliAndBakeryOf(request: APIRequestContext, storeId: number) {
  const headers = { authorization: `Bearer ${await newApiKey(request)}` };
  const departments = await departmentsOf(request, storeId, headers);
  const named = (name: string): Department => {
    const department = departments.get(name);
    if (!department) throw new Error(`store ${storeId} has no ${name} department`);
    return department;
  };
  return { deli: named("Deli"), bakery: named("Bakery") };
}

/** A Deli product anyone can add with one click: no required choice, no stock limit. */
export async function plainDeliProduct(request: APIRequestContext, deli: Department) {
  return oneClickProduct(request, deli.id, { anyLeadTime: true });
}

export interface DeliCart {
  store: { id: number; name: string };
  deli: Department;
  bakery: Department;
}

export const cartLink = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: /^Cart/ });

/**
 * The home store (Princeton) with one Deli item in the cart, made through the API
 * (e2e/support/start.ts); no page is open yet. For tests that start there: the walk to it is
 * `deliItemInCart`'s.
 */
export async function deliCartFromApi(page: Page, request: APIRequestContext): Promise<DeliCart> {
  const store = await demoStore(request);
  const { deli, bakery } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  await startAs(page.context(), request, { department: "Deli", products: [product] });
  return { store, deli, bakery };
}

/** The home store (Princeton) with one Deli item in the cart; the page is that product's. */
export async function deliItemInCart(page: Page, request: APIRequestContext): Promise<DeliCart> {
  const store = await demoStore(request);
  const { deli, bakery } = await deliAndBakeryOf(request, store.id);
  const product = await plainDeliProduct(request, deli);
  await visit(page, `/stores/${store.id}/departments`);
  await closeStoreAlerts(page);
  await visit(page, `/stores/${store.id}/departments/${deli.id}/products/${product.id}`);
  await closeStoreAlerts(page);
  await page.getByRole("button", { name: "Add to Cart" }).first().click();
  await expect(cartLink(page)).toHaveAccessibleName(/1 item/);
  await waitForHydration(page);
  return { store, deli, bakery };
}
