import { beforeAll, describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/.server/safe-redirect";
import { redirectTo } from "~/.server/session";

beforeAll(() => {
  process.env.SESSION_SECRET = "redirect-test-secret";
  process.env.LOG_LEVEL = "silent";
});

describe("safeRedirectPath", () => {
  it("lets a path of this site through, query and fragment included", () => {
    for (const path of ["/", "/cart", "/stores/1/departments?x=1&y=%C3%A9#top", "/a\\b"]) {
      expect(safeRedirectPath(path, null)).toBe(path);
    }
  });

  it.each([
    ["another site", "//evil.test/"],
    ["another site, backslash", "/\\evil.test"],
    ["a scheme", "https://evil.test/"],
    ["a script", "javascript:alert(1)"],
    ["a relative path", "cart"],
    ["a tab browsers strip", "/\t/evil.test"],
    ["a newline", "/cart\r\nSet-Cookie: a=b"],
    ["a space", "/a b"],
    ["non-ASCII", "/caf\u00e9"],
    ["a line separator", "/a\u2028b"],
    ["empty", ""],
    ["too long", `/${"a".repeat(5000)}`],
    ["not text", 42],
  ])("refuses %s", (_case, value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });
});

describe("every redirect", () => {
  it("goes home rather than to another site or with a header it cannot send", () => {
    for (const url of ["//evil.test/", "/caf\u00e9"]) {
      const response = redirectTo(url, { status: 303 });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/");
    }
    const kept = redirectTo("/cart?x=1", { status: 303 });
    expect(kept.headers.get("location")).toBe("/cart?x=1");
  });
});
