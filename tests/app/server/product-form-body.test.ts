/**
 * The product form takes a photo, so it reads multipart itself: a body cut short (no closing
 * boundary, as when a phone loses its connection mid-upload) is a 400 page, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "~/routes/stores.$store.departments.$department.products.$product";
import { testContext } from "../../support/storefront";

const SITE = "http://localhost";

beforeAll(() => {
  process.env.API_URL = "http://api.test/api/1";
  process.env.SESSION_SECRET = "product-form-test-secret";
  process.env.LOG_LEVEL = "silent";
});

async function postBody(body: string, boundary: string) {
  const request = new Request(`${SITE}/stores/1/departments/4/products/7`, {
    method: "POST",
    body,
    headers: { origin: SITE, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  try {
    await action({
      request,
      context: await testContext(),
      params: { store: "1", department: "4", product: "7" },
    });
    return { status: 200 };
  } catch (thrown) {
    const value = thrown as { data?: { message?: string }; init?: { status?: number } };
    return { status: value.init?.status, message: value.data?.message };
  }
}

describe("the product form's body", () => {
  it("cut off before its closing boundary is the 400 page with a clear message", async () => {
    const boundary = "----cut";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="quantity"',
      "",
      "1",
      `--${boundary}`,
      'Content-Disposition: form-data; name="photo"; filename="cake.png"',
      "Content-Type: image/png",
      "",
      "\x89PNG half a picture",
    ].join("\r\n");
    expect(await postBody(body, boundary)).toEqual({
      status: 400,
      message: "The form arrived incomplete and could not be read. Please go back and try again.",
    });
  });
});
