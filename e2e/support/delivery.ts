/** The delivery form's steps several journeys share (decision 025). */
import type { APIRequestContext, Page } from "@playwright/test";
import type { DemoDepartment } from "./api";
import { expect } from "./test";

/** The department's store's state and zip code: inside both services' areas. */
export async function storePlace(request: APIRequestContext, department: DemoDepartment) {
  const answer = await request.get(`/api/1/stores/${department.storeId}`, {
    headers: department.headers,
  });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { state: string; zip_code: string } };
  return { state: data.state, zip: data.zip_code };
}

/** The delivery form filled for a Princeton street in `place` (the store's state and zip code). */
export async function fillAddress(page: Page, place: { state: string; zip: string }) {
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Shopper");
  await page.getByLabel("Street Address").fill("12 Nassau Street");
  await page.getByLabel("City").fill("Princeton");
  await page.getByLabel("State").fill(place.state);
  await page.getByLabel("Zip Code").fill(place.zip);
  await page.getByLabel("Phone Number").fill("(609) 555-0142");
  await page.getByLabel("Message to Driver (optional)").fill("Ring twice");
}
