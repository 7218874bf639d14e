/**
 * The storefront's photo limit counts photos, not multipart forms: the product form is multipart
 * whether or not a photo is chosen, so Add to Cart must never use up the limit of everyone behind
 * one address (server/rate-limits.ts, app/.server/item-post.ts).
 */
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readItemPost } from "../../app/.server/item-post";
import { loadEdgeLimits } from "../../server/limits";
import { memoryStores } from "../../server/rate-limit-stores";
import { notePhotoUpload, storefrontRateLimits } from "../../server/rate-limits";
import { listen, type Running } from "./support";

let running: Running | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** The product form as a browser sends it: the photo input is a part even when left empty. */
function productForm(photo: Uint8Array<ArrayBuffer> | null) {
  const form = new FormData();
  form.set("quantity", "1");
  form.set(
    "photo",
    photo ? new File([photo], "cake.jpg", { type: "image/jpeg" }) : new File([], ""),
  );
  return form;
}

describe("reading the product form", () => {
  it("hears of a photo only when the photo part has a file in it", async () => {
    const heard: string[] = [];
    const read = (form: FormData, label: string) =>
      readItemPost(new Request("http://shop.test/", { method: "POST", body: form }), () =>
        heard.push(label),
      );
    await read(productForm(null), "empty input");
    await read(productForm(new Uint8Array([0xff, 0xd8, 0xff])), "photo");
    expect(heard).toEqual(["photo"]);
  });
});

describe("the storefront's photo limit", () => {
  it("counts posts that carried a photo, not every multipart form", async () => {
    const limits = loadEdgeLimits({ RATE_LIMIT_STOREFRONT_UPLOADS: "2/600" });
    const app = express();
    app.use(storefrontRateLimits({ rates: limits.rates, stores: memoryStores }));
    // Stands in for the product page: it reads the form and says whether a photo came.
    app.post("*", async (req, res) => {
      const request = new Request(`http://shop.test${req.url}`, {
        method: "POST",
        headers: { "content-type": req.headers["content-type"]! },
        body: req as unknown as ReadableStream,
        duplex: "half",
      } as RequestInit);
      await readItemPost(request, () => notePhotoUpload(res));
      res.send("saved");
    });
    running = await listen(app);
    const send = (photo: boolean) =>
      fetch(running!.url, {
        method: "POST",
        body: productForm(photo ? new Uint8Array([0xff, 0xd8, 0xff]) : null),
      });

    // Thirty adds to the cart from one address, well past the photo limit: none is refused.
    for (let i = 0; i < 30; i++) expect((await send(false)).status).toBe(200);
    expect((await send(true)).status).toBe(200);
    expect((await send(true)).status).toBe(200);
    const refused = await send(true);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("You have uploaded a lot of photos in a short time.");
  });
});
