import { describe, expect, it } from "vitest";
import { queryId } from "@core/contract/params";
import { MAX_ID, parseCanonicalId, parseId } from "@core/rules/ids";

describe("ids", () => {
  it("reads a positive 32-bit integer, forgiving zeros and spaces", () => {
    expect(parseId("12")).toBe(12);
    expect(parseId(" 012 ")).toBe(12);
    expect(parseId(7)).toBe(7);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it("names no record for anything else", () => {
    for (const value of ["", "0", "-1", "1.5", "1e3", "abc", String(MAX_ID + 1), "12345678901"])
      expect(parseId(value), value).toBeNull();
    expect(parseId(undefined)).toBeNull();
    expect(parseId({ toString: () => "1" })).toBeNull();
  });

  it("takes only the API's own spelling where asked", () => {
    expect(parseCanonicalId("12")).toBe(12);
    expect(parseCanonicalId("012")).toBeNull();
    expect(parseCanonicalId(" 12")).toBeNull();
  });
});

describe("the contract's query and body id", () => {
  it("takes the same range as parseId", () => {
    expect(queryId.safeParse(String(MAX_ID)).success).toBe(true);
    expect(queryId.safeParse(String(MAX_ID + 1)).success).toBe(false);
    expect(queryId.safeParse("0").success).toBe(false);
    expect(queryId.safeParse("12").data).toBe(12);
  });
});
