import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VARIABLES } from "@core/config/environment";
import { loadStorefrontConfig } from "~/.server/config";

const SECRET = { SESSION_SECRET: "test-secret", API_SECRET: "test-api-secret" };

describe("loadStorefrontConfig", () => {
  it("has defaults for everything but the secret", () => {
    const config = loadStorefrontConfig({ ...SECRET });
    expect(config).toMatchObject({
      apiUrl: "http://127.0.0.1:3000/api/1",
      sessionSecrets: ["test-secret"],
      brandName: "Harvest Market",
      marketName: "Harvest Market",
      features: { orderSystem: false, accounts: true, sms: true, coupons: false, analytics: true },
    });
    expect(config.footerLinks.map((link) => link.href)).toEqual([
      "/policies/ordering",
      "/policies/privacy",
      "/policies/terms",
      "/policies/sms-terms",
      "/policies/cookies",
    ]);
  });

  it("follows PORT for the API on loopback, and takes API_URL without a trailing slash", () => {
    expect(loadStorefrontConfig({ ...SECRET, PORT: "4000" }).apiUrl).toBe(
      "http://127.0.0.1:4000/api/1",
    );
    expect(
      loadStorefrontConfig({ ...SECRET, API_URL: "https://api.example.com/api/1/" }).apiUrl,
    ).toBe("https://api.example.com/api/1");
  });

  it("reads switches and hides footer links set to empty", () => {
    const config = loadStorefrontConfig({
      ...SECRET,
      FEATURE_ORDER_SYSTEM: "on",
      FEATURE_SMS: "0",
      PRIVACY_URL: "",
      APP_STORE_URL: "https://apps.example.com/oe",
      MARKET_NAME: "Fresh Foods",
    });
    expect(config.features.orderSystem).toBe(true);
    expect(config.features.sms).toBe(false);
    expect(config.marketName).toBe("Fresh Foods");
    expect(config.footerLinks.map((link) => link.label)).not.toContain("Privacy Policy");
    expect(config.footerLinks).toContainEqual({
      label: "Download on the App Store",
      href: "https://apps.example.com/oe",
    });
  });

  it("refuses a switch it cannot read", () => {
    expect(() => loadStorefrontConfig({ ...SECRET, FEATURE_COUPONS: "maybe" })).toThrow(
      /FEATURE_COUPONS/,
    );
  });

  it("requires SESSION_SECRET in production, and splits a rotation list", () => {
    const production = { APP_ENV: "production", API_SECRET: "api" };
    expect(() => loadStorefrontConfig(production)).toThrow(/SESSION_SECRET is required/);
    expect(
      loadStorefrontConfig({ ...production, SESSION_SECRET: "new, old" }).sessionSecrets,
    ).toEqual(["new", "old"]);
  });

  it("requires API_SECRET in production, and marks the development one as such", () => {
    expect(() => loadStorefrontConfig({ APP_ENV: "production", SESSION_SECRET: "s" })).toThrow(
      /API_SECRET is required when APP_ENV=production/,
    );
    expect(loadStorefrontConfig({ SESSION_SECRET: "s" }).apiSecret).toMatch(/not-for-production/);
    expect(loadStorefrontConfig({ ...SECRET, APP_ENV: "production" }).apiSecret).toBe(
      "test-api-secret",
    );
  });

  it("serves Secure __Host- cookies in production unless told otherwise, and trusts no proxy by default", () => {
    expect(loadStorefrontConfig({ ...SECRET })).toMatchObject({
      cookieSecure: false,
      trustProxy: false,
    });
    expect(loadStorefrontConfig({ ...SECRET, APP_ENV: "production" }).cookieSecure).toBe(true);
    expect(
      loadStorefrontConfig({ ...SECRET, APP_ENV: "production", COOKIE_SECURE: "off" }).cookieSecure,
    ).toBe(false);
    expect(
      loadStorefrontConfig({ ...SECRET, COOKIE_SECURE: "1", TRUST_PROXY: "yes" }),
    ).toMatchObject({ cookieSecure: true, trustProxy: true });
  });

  it("reads only variables of the one schema, and .env.example names each of them", () => {
    // Record what loadStorefrontConfig actually reads, then compare it with the schema.
    const read = new Set<string>();
    const env = new Proxy({ ...SECRET } as Record<string, string | undefined>, {
      get(target, name) {
        // Upper-case names only: zod also asks the object whether it is a promise (`then`).
        if (typeof name === "string" && /^[A-Z]/.test(name)) read.add(name);
        return target[name as string];
      },
    });
    loadStorefrontConfig(env);
    const names = Object.keys(VARIABLES);
    expect([...read].filter((name) => !names.includes(name))).toEqual([]);
    const example = readFileSync(path.resolve(".env.example"), "utf8");
    for (const name of names)
      expect(example, `${name} in .env.example`).toMatch(new RegExp(`^#? ?${name}=`, "m"));
  });
});
