import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import { readFileSync } from "node:fs";
import type { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/app";
import { openApiDocument } from "../../api/openapi";
import { REFERENCE_END, REFERENCE_START, renderReference } from "../../api/openapi-markdown";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every `METHOD /path` the API's routers mount, in OpenAPI spelling (`:id` → `{id}`). */
function mountedCalls(router: Router): string[] {
  const calls: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path.replace(/:(\w+)(\([^)]*\))?/g, "{$1}");
        for (const method of Object.keys(layer.route.methods))
          if (method !== "_all") calls.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return calls;
}

const documented = () =>
  Object.entries(openApiDocument.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe("the OpenAPI description generated from the contract", () => {
  it("documents every call the API mounts, and nothing it does not", () => {
    const mounted = mountedCalls(
      createApi({
        db: api.db,
        config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET },
      }),
    );
    expect(mounted.length).toBeGreaterThan(30);
    expect([...new Set(mounted)].sort()).toEqual(documented().sort());
  });

  it("has the minimal OpenAPI 3.1 structure: paths, operations with answers, error bodies", async () => {
    const res = await api.call("GET", "/openapi.json", { key: null });
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "1" });
    expect(doc.components.schemas.ApiError.required).toEqual(
      expect.arrayContaining(["status", "code", "message"]),
    );
    for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
      expect(path).toMatch(/^\//);
      for (const [method, operation] of Object.entries(item)) {
        expect(["get", "post", "put", "delete"]).toContain(method);
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((s) => s.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        for (const status of statuses.filter((s) => !s.startsWith("2")))
          expect(operation.responses[status]!.content?.["application/json"]?.schema).toEqual({
            $ref: "#/components/schemas/ApiError",
          });
        // Each {placeholder} of the path is a required path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g))
          expect(operation.parameters).toEqual(
            expect.arrayContaining([expect.objectContaining({ name, in: "path", required: true })]),
          );
      }
    }
  });
});

describe("docs/api.md", () => {
  it("has the reference section npm run docs:api would write now", async () => {
    const file = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    const start = file.indexOf(REFERENCE_START) + REFERENCE_START.length;
    const section = file.slice(start, file.indexOf(REFERENCE_END)).trim();
    expect(section, "run npm run docs:api").toBe((await renderReference()).trim());
  });
});
