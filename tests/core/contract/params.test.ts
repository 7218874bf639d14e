import { describe, expect, it } from "vitest";
import { API_ERROR, API_ERROR_CODES, codeForStatus } from "@core/contract/errors";
import { ItemBodySchema } from "@core/contract/orders";
import { includeParam, nulPath, queryId } from "@core/contract/params";
import { ProductsQuerySchema } from "@core/contract/products";
import { AlertsQuerySchema, StoresQuerySchema } from "@core/contract/stores";

describe("includeParam", () => {
  const include = includeParam(["a", "a.b", "c"] as const);

  it("reads a comma list, and a dotted name brings its parent", () => {
    expect([...include.parse("a.b, c")].sort()).toEqual(["a", "a.b", "c"]);
    expect([...include.parse(undefined)]).toEqual([]);
  });

  it("refuses a name it does not know, saying which are allowed", () => {
    const result = include.safeParse("a,typo");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown include "typo". Allowed: a, a.b, c.');
  });
});

describe("numbers from a query or a body", () => {
  it("coerce strings and numbers to a positive 32-bit id", () => {
    expect(queryId.parse("12")).toBe(12);
    expect(queryId.parse(12)).toBe(12);
    expect(queryId.safeParse("0").success).toBe(false);
    expect(queryId.safeParse("2147483648").success).toBe(false);
  });

  it("never call Number() on an object (it could throw): an object is simply not a number", () => {
    const result = queryId.safeParse({ toString: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Must be a whole number.");
    expect(ItemBodySchema.safeParse({ product_id: 1, quantity: { valueOf: 2 } }).success).toBe(
      false,
    );
  });
});

describe("nulPath", () => {
  it("finds a NUL in a value or a key, with its path", () => {
    expect(nulPath({ a: ["x", "y\u0000"] })).toEqual(["a", "1"]);
    expect(nulPath({ "k\u0000": 1 })).toEqual(["k\u0000"]);
    expect(nulPath("\u0000")).toEqual([]);
    expect(nulPath({ a: "fine" })).toBeNull();
  });
});

describe("request rules of the contract", () => {
  it("latitude and longitude go together", () => {
    const result = StoresQuerySchema.safeParse({ latitude: "41.7" });
    expect(result.error?.issues).toMatchObject([
      { path: ["longitude"], message: "Latitude and longitude go together." },
    ]);
    expect(StoresQuerySchema.parse({}).limit).toBe(1000);
  });

  it("bracket arrays and single values read the same", () => {
    expect(AlertsQuerySchema.parse({ store_id: "1", exclude: "4" }).exclude).toEqual([4]);
    expect(AlertsQuerySchema.parse({ store_id: "1", exclude: ["4", "5"] }).exclude).toEqual([4, 5]);
    expect(ProductsQuerySchema.parse({ department_id: "3" })).toMatchObject({
      brands: [],
      limit: 50,
      page: 1,
      specials: false,
    });
  });
});

describe("error codes", () => {
  it("are a closed list, each named once", () => {
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
    expect(Object.values(API_ERROR).sort()).toEqual([...API_ERROR_CODES].sort());
  });

  it("fall back to the status's own code", () => {
    expect(codeForStatus(401)).toBe("unauthenticated");
    expect(codeForStatus(404)).toBe("not_found");
    expect(codeForStatus(422)).toBe("invalid");
    expect(codeForStatus(503)).toBe("database_unavailable");
    expect(codeForStatus(500)).toBe("server_error");
  });
});
