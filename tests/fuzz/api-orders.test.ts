/**
 * Fuzz of the API's order and item calls: creating and reading orders, adding, changing and
 * removing items, and uploading an item's photo (multipart). Ids are often the caller's own real
 * order and items, so the validation behind the 404 is reached; after each route the database
 * must hold no half-written rows.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe } from "vitest";
import { ORDER_INCLUDES } from "../../api/services/orders";
import { startTestApi, type TestApi } from "../support/api";
import { fuzzCarts, type Carts } from "./carts";
import {
  bodyFor,
  field,
  fuzzEachRoute,
  includes,
  nastyNumber,
  nastyString,
  pathSegment,
  q,
  queryFor,
  ref,
  refs,
  type FuzzRoute,
  type RawBody,
} from "./support";

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "oe-fuzz-uploads-"));
process.env.UPLOADS_DIR = uploads;

let api: TestApi;
let otherKey: string;
let carts: Carts;

beforeAll(async () => {
  api = await startTestApi();
  otherKey = await api.newKey();
  carts = await fuzzCarts(api, otherKey);
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const num = (name: string) => fc.constant(ref(name));
const orderId = pathSegment(refs("order", "photoOrder", "otherOrder"));
const itemId = pathSegment(refs("item", "photoItem", "otherItem"));

/** Preferences as the product form sends them, with real facet and choice ids most of the time. */
const preference = fc.record(
  {
    facet_id: field(num("facet0"), num("facet1"), num("facet2"), num("facet3"), nastyNumber),
    choice_id: field(
      num("choice0"),
      num("choice1"),
      num("choice2"),
      num("choice3"),
      fc.constant(null),
    ),
    value: field(nastyString, fc.constant(null)),
  },
  { requiredKeys: [] },
);

const itemFields = {
  product_id: field(num("product"), num("photoProduct"), nastyNumber),
  quantity: field(fc.constantFrom(1, 2, 0.5, 1.25, "3", 999, 1000, 1001, 0, -1), nastyNumber),
  preferences: field(
    fc.array(preference, { maxLength: 6 }),
    fc.array(preference, { maxLength: 120 }),
  ),
  notes: field(nastyString, fc.constant(null)),
  add_source: field(fc.constantFrom("default", "recommendation", "ad")),
};

const CRLF = "\r\n";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

/** Multipart bodies: a real image's first bytes or junk, odd names, broken framing, no boundary. */
const multipart: fc.Arbitrary<RawBody> = fc
  .record({
    boundary: fc.constantFrom("fuzz", "----x", "a".repeat(70), "é"),
    declared: fc.constantFrom("same", "other", "none", "quoted"),
    parts: fc.array(
      fc.record({
        name: fc.oneof(
          fc.constant("image"),
          fc.constant("image"),
          nastyString.map((s) => s.slice(0, 40)),
        ),
        filename: fc.option(
          nastyString.map((s) => s.slice(0, 80)),
          { nil: null },
        ),
        type: fc.constantFrom(
          "image/png",
          "image/jpeg",
          "text/plain",
          "",
          "application/octet-stream",
        ),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.concat([PNG, b])),
          fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.concat([JPEG, b])),
          fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
          nastyString.map((s) => Buffer.from(s.slice(0, 500))),
        ),
      }),
      { maxLength: 3 },
    ),
    ending: fc.constantFrom("closed", "closed", "unterminated", "garbage"),
  })
  .map(({ boundary, declared, parts, ending }) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const filename = part.filename === null ? "" : `; filename="${part.filename}"`;
      const type = part.type ? `${CRLF}Content-Type: ${part.type}` : "";
      chunks.push(
        Buffer.from(
          `--${boundary}${CRLF}Content-Disposition: form-data; name="${part.name}"${filename}${type}${CRLF}${CRLF}`,
        ),
        part.bytes,
        Buffer.from(CRLF),
      );
    }
    if (ending === "closed") chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
    if (ending === "garbage") chunks.push(Buffer.from(`--${boundary}-x`));
    const contentType = {
      same: `multipart/form-data; boundary=${boundary}`,
      other: "multipart/form-data; boundary=elsewhere",
      none: "multipart/form-data",
      quoted: `multipart/form-data; boundary="${boundary}"`,
    }[declared];
    return { contentType, body: new Uint8Array(Buffer.concat(chunks)) };
  });

const ROUTES: Record<string, FuzzRoute> = {
  "POST /orders": {
    method: "POST",
    path: fc.constant("/orders"),
    body: bodyFor({
      department_id: field(num("department"), num("photoDepartment"), nastyNumber),
      source: field(fc.constantFrom("website", "kiosk", "app", "phone", "fax")),
    }),
  },
  "GET /orders": {
    method: "GET",
    path: fc.constant("/orders"),
    query: queryFor({
      store_id: fc.oneof(q("1", "2", "999999", "0", "x"), nastyNumber.map(String)),
      limit: fc.oneof(q("1", "50", "51", "0", "2.5"), nastyNumber.map(String)),
      page: fc.oneof(q("1", "2", "10001", "0"), nastyNumber.map(String)),
      include: includes("department", "department.store", "items"),
    }),
  },
  "PUT /orders/:id/retract": {
    method: "PUT",
    path: orderId.map((id) => `/orders/${id}/retract`),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
  "POST /orders/:id/reorder": {
    method: "POST",
    path: orderId.map((id) => `/orders/${id}/reorder`),
    body: bodyFor({ source: field(fc.constantFrom("website", "kiosk", "app", "phone", "fax")) }),
  },
  "GET /orders/:id": {
    method: "GET",
    path: orderId.map((id) => `/orders/${id}`),
    query: queryFor({ include: includes(...ORDER_INCLUDES) }),
  },
  "POST /items": {
    method: "POST",
    path: fc.constant("/items"),
    body: bodyFor({
      order_id: field(num("order"), num("photoOrder"), num("otherOrder")),
      ...itemFields,
    }),
  },
  "PUT /items/:id": {
    method: "PUT",
    path: itemId.map((id) => `/items/${id}`),
    body: bodyFor(itemFields),
  },
  "DELETE /items/:id": {
    method: "DELETE",
    path: itemId.map((id) => `/items/${id}`),
    body: fc.option(bodyFor({}), { nil: undefined, freq: 4 }),
  },
  "POST /items/:id/image": {
    method: "POST",
    path: itemId.map((id) => `/items/${id}/image`),
    body: fc.oneof(
      { arbitrary: multipart, weight: 4 },
      { arbitrary: bodyFor({ image: nastyString }), weight: 1 },
    ),
  },
};

describe("API order and item calls under generated input", () => {
  fuzzEachRoute(ROUTES, 1_000, () => ({
    api,
    pool: carts.pool,
    otherKey,
    before: carts.refresh,
  }));
});
