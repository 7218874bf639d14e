import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import http from "node:http";
import { openDatabase } from "../../api/db/connection";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
let departmentId: number;
beforeAll(async () => {
  api = await startTestApi();
  // The department with the most products: searching it says the most.
  const row = await api.db.kysely
    .selectFrom("department_products")
    .select(["department_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("department_id")
    .orderBy("n", "desc")
    .orderBy("department_id")
    .executeTakeFirstOrThrow();
  departmentId = row.department_id;
});
afterAll(() => api.close());

type Product = {
  id: number;
  name: string;
  brand: string | null;
  srp_amount: number;
  sale_srp_amount: number | null;
  on_sale: boolean;
  sticky: boolean;
};
const search = async (query: string) =>
  api.get<{ data: Product[]; meta: { total: number; brands: string[] } }>(
    `/products?department_id=${departmentId}&${query}`,
  );
const price = (p: Product) =>
  p.on_sale && (p.sale_srp_amount ?? 0) > 0 ? p.sale_srp_amount! : p.srp_amount;

/** Express's ETag of a body (the etag package's weak one: length, then the start of its SHA-1). */
const weakEtag = (text: string) => {
  const body = Buffer.from(text);
  const hash = createHash("sha1").update(body).digest("base64").slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
};

/** A word that appears in several product names of the department. */
async function commonWord(): Promise<string> {
  const { data } = await search("limit=50");
  const counts = new Map<string, number>();
  for (const p of data)
    for (const w of p.name.toLowerCase().split(/[^a-z]+/))
      if (w.length >= 5) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

/** A search for the common word, and its first match. */
async function topMatch() {
  const word = await commonWord();
  const first = await search(`fragment=${word}`);
  return { word, first, top: first.data[0]! };
}

describe("GET /products: search", () => {
  it("finds products by a word of their name, best matches first", async () => {
    const word = await commonWord();
    const { data, meta } = await search(`fragment=${word}`);
    expect(data.length).toBeGreaterThan(0);
    expect(meta.total).toBeGreaterThanOrEqual(data.length);
    expect(data.filter((p) => !p.sticky).some((p) => p.name.toLowerCase().includes(word))).toBe(
      true,
    );
  });

  it("finds the same products for the plural as for the singular", async () => {
    const word = await commonWord();
    const singular = word.endsWith("s") ? word.slice(0, -1) : word;
    const a = await search(`fragment=${singular}`);
    const b = await search(`fragment=${singular}s`);
    expect(b.data.map((p) => p.id)).toEqual(a.data.map((p) => p.id));
  });

  it("forgives a small typo", async () => {
    const word = await commonWord();
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4); // two letters swapped
    const exact = await search(`fragment=${word}`);
    const fuzzy = await search(`fragment=${typo}`);
    expect(fuzzy.data.length).toBeGreaterThan(0);
    expect(fuzzy.data.map((p) => p.id)).toEqual(
      expect.arrayContaining(exact.data.slice(0, 3).map((p) => p.id)),
    );
  });

  it("pages through the matches in one order, whatever the page size", async () => {
    const word = await commonWord();
    const all = await search(`fragment=${word}&limit=50`);
    const pages = await Promise.all(
      [1, 2, 3].map((page) => search(`fragment=${word}&limit=4&page=${page}`)),
    );
    expect(pages.flatMap((p) => p.data.map((d) => d.id))).toEqual(
      all.data.slice(0, 12).map((d) => d.id),
    );
    for (const page of pages) expect(page.meta.total).toBe(all.meta.total);
    expect(all.meta.total).toBeGreaterThanOrEqual(all.data.length);
  });

  it("answers a repeated search in the kept order with today's price and stock", async () => {
    const { word, first, top } = await topMatch();
    await api.db.kysely
      .updateTable("department_products")
      .set({ srp_amount: top.srp_amount + 1, remaining_quantity: 7 })
      .where("department_id", "=", departmentId)
      .where("product_id", "=", top.id)
      .execute();
    const again = await search(`fragment=${word}`);
    expect(again.data.map((p) => p.id)).toEqual(first.data.map((p) => p.id));
    expect(again.meta.total).toBe(first.meta.total);
    expect(again.data[0]).toMatchObject({ srp_amount: top.srp_amount + 1, remaining_quantity: 7 });
  });

  it("ranks a repeated search afresh once its kept order has expired", async () => {
    const { word, top } = await topMatch();
    // The top match no longer matches: until its kept order expires, it is still listed.
    await api.db.kysely
      .updateTable("products")
      .set({ name: "Zzyzx", brand: null, variation_description: null })
      .where("id", "=", top.id)
      .execute();
    const kept = await search(`fragment=${word}`);
    expect(kept.data.map((p) => p.id)).toContain(top.id);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 31_000);
    try {
      const later = await search(`fragment=${word}`);
      expect(later.data.length).toBeGreaterThan(0);
      expect(later.data.map((p) => p.id)).not.toContain(top.id);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("answers a repeated search with what another process wrote since (a worker, an operator)", async () => {
    const { word, top } = await topMatch();
    const other = openDatabase(api.db.url);
    try {
      await other.kysely
        .updateTable("products")
        .set({ name: `${top.name} (new recipe)` })
        .where("id", "=", top.id)
        .execute();
    } finally {
      await other.close();
    }
    const again = await search(`fragment=${word}`);
    expect(again.data.find((p) => p.id === top.id)?.name).toBe(`${top.name} (new recipe)`);
  });

  it("sends a repeated search as Express sends any answer: same text, same ETag, 304 on a match", async () => {
    const word = await commonWord();
    const path = `/products?department_id=${departmentId}&fragment=${word}`;
    const first = await api.call("GET", path);
    const again = await api.call("GET", path);
    const text = await first.text();
    expect(await again.text()).toBe(text);
    for (const res of [first, again]) {
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(res.headers.get("etag")).toBe(weakEtag(text));
    }
    // Not through fetch: it adds `cache-control: no-cache` to a conditional request.
    const unchanged = await new Promise<number>((resolve, reject) => {
      http
        .get(
          api.url + path,
          {
            headers: {
              authorization: `Bearer ${api.key}`,
              "if-none-match": first.headers.get("etag")!,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        )
        .on("error", reject);
    });
    expect(unchanged).toBe(304);
  });

  it("finds nothing for a word no product has, without an error", async () => {
    const { data, meta } = await search("fragment=qwxzvbnm");
    expect(data).toEqual([]);
    expect(meta.total).toBe(0);
  });

  it("treats search operators and quotes as plain text", async () => {
    // Operators alone are punctuation or stop words: they match nothing (as operators, `*` or
    // `%%%` would match every product) and never make the query fail.
    for (const q of ['"', "OR", "*", "a:*|!", "%%%", "AND"]) {
      const res = await api.call(
        "GET",
        `/products?department_id=${departmentId}&fragment=${encodeURIComponent(q)}`,
      );
      expect(res.status).toBe(200);
      const { data, meta } = await res.json();
      expect(data).toEqual([]);
      expect(meta.total).toBe(0);
    }
    // Around a word they change nothing: the word alone is what is searched for.
    const word = await commonWord();
    const plain = (await search(`fragment=${word}`)).data.map((p) => p.id);
    expect(plain.length).toBeGreaterThan(0);
    for (const q of [`"${word}"`, `${word} OR`, `${word}*`, `(${word}`, `${word}:*|!`]) {
      const { data } = await search(`fragment=${encodeURIComponent(q)}`);
      expect(data.map((p) => p.id)).toEqual(plain);
    }
  });
});

describe("GET /products: sort and filters", () => {
  it("sorts Price Low to High by the price the shopper pays, sticky products first", async () => {
    const { data } = await search("sort=price&limit=50");
    const rest = data.filter((p) => !p.sticky);
    const prices = rest.map(price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const firstPlain = data.findIndex((p) => !p.sticky);
    expect(data.slice(firstPlain).some((p) => p.sticky)).toBe(false);
  });

  it("sorts Brand Alphabetical", async () => {
    const { data } = await search("sort=brand&limit=50");
    const brands = data.filter((p) => !p.sticky && p.brand).map((p) => p.brand!.toLowerCase());
    expect(brands).toEqual([...brands].sort());
  });

  it("puts specials first, and the specials filter keeps only products on sale", async () => {
    const first = await search("sort=specials&limit=5");
    expect(first.data.filter((p) => !p.sticky).every((p) => p.on_sale)).toBe(true);
    const specials = await search("specials=1&limit=50");
    expect(specials.data.length).toBeGreaterThan(0);
    expect(specials.data.every((p) => p.on_sale && (p.sale_srp_amount ?? 0) > 0)).toBe(true);
  });

  it("narrows by brand and still offers every brand of the matches", async () => {
    const all = await search("limit=50");
    expect(all.meta.brands.length).toBeGreaterThan(1);
    const brand = all.meta.brands[0]!;
    const narrowed = await search(`brands[]=${encodeURIComponent(brand)}`);
    expect(narrowed.data.length).toBeGreaterThan(0);
    expect(narrowed.data.every((p) => p.brand === brand)).toBe(true);
    expect(narrowed.meta.brands).toEqual(all.meta.brands);
  });

  it("pages through the matches without repeating a product", async () => {
    const one = await search("limit=10&page=1");
    const two = await search("limit=10&page=2");
    const ids = new Set(one.data.map((p) => p.id));
    expect(two.data.some((p) => ids.has(p.id))).toBe(false);
  });

  it("gives a guest no favorites", async () => {
    const { data } = await search("favorites=1");
    expect(data).toEqual([]);
  });

  it.each([
    [
      "an unknown sort",
      "sort=cheapest",
      "sort",
      "Must be one of relevance, popular, brand, price, specials.",
    ],
    ["specials that is not a flag", "specials=maybe", "specials", "Must be 1 or 0."],
    ["a page of zero", "page=0", "page", "Must be at least 1."],
    [
      "a category of another department",
      "category_id=999999",
      "category_id",
      "Is not a category of this department.",
    ],
  ])("answers 422 for %s", async (_what, query, field, message) => {
    const res = await api.call("GET", `/products?department_id=${departmentId}&${query}`);
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toEqual([message]);
  });
});
