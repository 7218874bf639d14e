/**
 * Path ids past the databases' 32-bit integer columns (spec: an unknown id is a 404; bad input is
 * never a 5xx). The OpenAPI document says which ids a path takes, and every documented call given
 * one too large answers 4xx (GETs: 404), never PostgreSQL's "out of range for type integer" 500.
 */
import { MAX_ID } from "@core/rules/ids";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../../api/openapi";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface PathParameter {
  name: string;
  in: string;
  schema: { type?: string; pattern?: string; minimum?: number; maximum?: number };
}

/** Every documented call with its path parameters that are record ids (integer or digit-pattern). */
const callsWithIds = Object.entries(openApiDocument.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, { parameters?: PathParameter[] }>).map(
    ([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      ids: (operation.parameters ?? []).filter(
        (p) =>
          p.in === "path" &&
          (p.schema.type === "integer" || p.schema.pattern?.startsWith("^[1-9]") === true),
      ),
      all: (operation.parameters ?? []).filter((p) => p.in === "path"),
    }),
  ),
);

/** Whether a documented path parameter's schema admits `value` (as its text in the URL). */
function admits(schema: PathParameter["schema"], value: string): boolean {
  if (schema.type === "integer") {
    const n = Number(value);
    return (
      Number.isInteger(n) &&
      (schema.minimum === undefined || n >= schema.minimum) &&
      (schema.maximum === undefined || n <= schema.maximum)
    );
  }
  return schema.pattern === undefined || new RegExp(schema.pattern).test(value);
}

describe("path ids", () => {
  it("are documented as 1 to 2^31 - 1, the databases' integer columns", () => {
    const ids = callsWithIds.flatMap((call) => call.ids);
    expect(ids.length).toBeGreaterThan(30);
    for (const { schema } of ids) {
      expect(admits(schema, "1")).toBe(true);
      expect(admits(schema, String(MAX_ID))).toBe(true);
      expect(admits(schema, String(MAX_ID + 1))).toBe(false);
      expect(admits(schema, "99999999999")).toBe(false);
      expect(admits(schema, "0")).toBe(false);
    }
  });

  it("too large for the database: every documented call answers 4xx, a read 404", async () => {
    const answers: string[] = [];
    for (const call of callsWithIds.filter((c) => c.ids.length > 0)) {
      for (const tooLarge of call.ids) {
        const url = call.all.reduce((path, p) => {
          const value =
            p.name === tooLarge.name
              ? "99999999999"
              : p.schema.pattern === "^[0-9a-f]{1,64}$"
                ? "ab"
                : p.name === "event"
                  ? "view"
                  : p.name === "gateway"
                    ? "sandbox"
                    : "1";
          return path.replace(`{${p.name}}`, value);
        }, call.path);
        const res = await api.call(call.method, url, call.method === "GET" ? {} : { body: {} });
        await res.body?.cancel();
        answers.push(`${call.method} ${url} ${res.status}`);
        expect(res.status, `${call.method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${call.method} ${url}`).toBeLessThan(500);
        if (call.method === "GET") expect(res.status, `${call.method} ${url}`).toBe(404);
      }
    }
    expect(answers.length).toBeGreaterThan(30);
  });

  it("a home store id too large for the column is the contract's 422, and the key keeps its store", async () => {
    const key = await api.newKey();
    expect((await api.call("PUT", "/home-store", { key, body: { id: 1 } })).status).toBe(200);
    for (const id of [MAX_ID + 1, 99999999999, "99999999999"]) {
      const res = await api.call("PUT", "/home-store", { key, body: { id } });
      expect(res.status, String(id)).toBe(422);
      expect((await res.json()).errors).toEqual({ id: ["Is too large."] });
    }
    const home = await api.call("GET", "/home-store", { key });
    expect((await home.json()).data.id).toBe(1);
  });
});
