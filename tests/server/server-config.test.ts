import os from "node:os";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "../../api/config";

/** An environment of just these variables (NODE_ENV left out unless given). */
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe("the server's worker count", () => {
  it("is one per core in production and one in development unless WEB_CONCURRENCY says", () => {
    expect(loadServerConfig(env({ NODE_ENV: "production" })).workers).toBe(
      os.availableParallelism(),
    );
    expect(loadServerConfig(env({})).workers).toBe(1);
    expect(loadServerConfig(env({ NODE_ENV: "production", WEB_CONCURRENCY: "3" })).workers).toBe(3);
    expect(loadServerConfig(env({ WEB_CONCURRENCY: "" })).workers).toBe(1);
  });

  it("refuses a count that is not a whole number from 1 to 64", () => {
    for (const value of ["0", "-2", "1.5", "lots", "65"]) {
      expect(() => loadServerConfig(env({ WEB_CONCURRENCY: value }))).toThrow(
        /WEB_CONCURRENCY must be a whole number from 1 to 64/,
      );
    }
  });
});

describe("the API's secret", () => {
  it("is API_SECRET, required in production; locally a development one, named as such", () => {
    expect(loadServerConfig(env({ API_SECRET: " s3cret " })).apiSecret).toBe("s3cret");
    expect(loadServerConfig(env({})).apiSecret).toMatch(/not-for-production/);
    expect(() => loadServerConfig(env({ APP_ENV: "production" }))).toThrow(
      "API_SECRET is required when APP_ENV=production",
    );
  });
});
