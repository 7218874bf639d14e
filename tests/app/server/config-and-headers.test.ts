import { describe, expect, it } from "vitest";
import { loadStorefrontConfig, STOREFRONT_ENV_DOC } from "~/.server/config";
import { securityHeaders } from "../../../server/security-headers";

const SECRET = { SESSION_SECRET: "test-secret" };

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
    expect(() => loadStorefrontConfig({ APP_ENV: "production" })).toThrow(
      /SESSION_SECRET is required/,
    );
    expect(
      loadStorefrontConfig({ APP_ENV: "production", SESSION_SECRET: "new, old" }).sessionSecrets,
    ).toEqual(["new", "old"]);
  });

  it("documents every variable it reads", () => {
    expect(STOREFRONT_ENV_DOC.map((entry) => entry.name)).toEqual([
      "API_URL",
      "SESSION_SECRET",
      "BRAND_NAME",
      "MARKET_NAME",
      "POLICY_URL",
      "PRIVACY_URL",
      "TERMS_URL",
      "SMS_TERMS_URL",
      "COOKIE_PREFERENCES_URL",
      "APP_STORE_URL",
      "PLAY_STORE_URL",
      "FEATURE_ORDER_SYSTEM",
      "FEATURE_ACCOUNTS",
      "FEATURE_SMS",
      "FEATURE_COUPONS",
      "FEATURE_ANALYTICS",
    ]);
  });
});

function runHeaders(path: string, development: boolean) {
  const headers: Record<string, string> = {};
  const res = {
    locals: {} as Record<string, unknown>,
    setHeader: (name: string, value: string) => (headers[name] = value),
  };
  let nextCalled = false;
  securityHeaders({ development, imageOrigins: [] })(
    { path, secure: false } as never,
    res as never,
    () => {
      nextCalled = true;
    },
  );
  return { headers, nonce: res.locals.cspNonce as string, nextCalled };
}

describe("securityHeaders", () => {
  it("gives pages a strict policy with a fresh nonce", () => {
    const first = runHeaders("/stores", false);
    const second = runHeaders("/stores", false);
    expect(first.nextCalled).toBe(true);
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(first.nonce).not.toBe(second.nonce);
    const csp = first.headers["Content-Security-Policy"];
    expect(csp).toContain(`script-src 'self' 'nonce-${first.nonce}'`);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(first.headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(first.headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("lets Vite's HMR socket connect in development", () => {
    expect(runHeaders("/", true).headers["Content-Security-Policy"]).toContain(
      "connect-src 'self' ws: wss:",
    );
  });

  it("gives the JSON API default-src 'none' only", () => {
    expect(runHeaders("/api/1/stores", false).headers["Content-Security-Policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
