import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnvironment, readVariable, VARIABLES } from "@core/config/environment";
import { loadStorefrontConfig } from "~/.server/config";
import { loadServerConfig } from "../../api/config";
import {
  environmentSectionOf,
  renderEnvironmentSection,
  variablesSetBy,
} from "../../server/environment-docs";

const root = path.resolve(".");
const scripts = (
  JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

/** Every TypeScript file of the product: both halves, core and the server in front of them. */
function productFiles(): string[] {
  const files = [path.join(root, "server.ts")];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.tsx?$/.test(name)) files.push(file);
    }
  };
  for (const folder of ["app", "api", "server", "core"]) walk(path.join(root, folder));
  return files;
}

/** Names read as process.env.X, env.X or env["X"] (any object called env: the raw or the read). */
function variablesReadIn(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\benv\??\.([A-Z][A-Z0-9_]*)\b/g)) names.add(match[1]!);
  for (const match of source.matchAll(/\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g))
    names.add(match[1]!);
  for (const match of source.matchAll(/readVariable\(\s*"([A-Z][A-Z0-9_]*)"/g))
    names.add(match[1]!);
  return [...names];
}

describe("the environment schema", () => {
  it("has every variable the product's code reads", () => {
    const missing: string[] = [];
    for (const file of productFiles()) {
      for (const name of variablesReadIn(readFileSync(file, "utf8")))
        if (!(name in VARIABLES)) missing.push(`${name} (${path.relative(root, file)})`);
    }
    expect(missing).toEqual([]);
  });

  it("is the README's configuration table, as npm run docs:env writes it", async () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    expect(environmentSectionOf(readme), "run npm run docs:env").toBe(
      (await renderEnvironmentSection(scripts)).trim(),
    );
  });

  it("says above the table every switch npm start sets that npm run dev leaves to its default", async () => {
    expect(variablesSetBy(scripts, "start")).toMatchObject({
      NODE_ENV: "production",
      FEATURE_COUPONS: "1",
    });
    const section = await renderEnvironmentSection(scripts);
    const note = section.slice(0, section.indexOf("Every variable the process reads"));
    for (const name of ["NODE_ENV", "FEATURE_ORDER_SYSTEM", "FEATURE_COUPONS"])
      expect(note).toContain(`\`${name}\``);
    // The sandboxes are on in both: development's default, and npm start sets them.
    expect(note).not.toContain("`SANDBOX_PAY`");
  });

  it("reads a switch one way for both halves: on, off or refused with one line naming it", () => {
    expect(readVariable("FEATURE_SMS", { FEATURE_SMS: " Off " })).toBe(false);
    expect(readVariable("TRUST_PROXY", { TRUST_PROXY: "YES" })).toBe(true);
    expect(() => loadStorefrontConfig({ SESSION_SECRET: "s", TRUST_PROXY: "maybe" })).toThrow(
      'TRUST_PROXY must be on or off, got "maybe"',
    );
    // The server read an unknown word as off; now it refuses it as the storefront does.
    expect(() => loadServerConfig({ SANDBOX_PAY: "sure" })).toThrow(
      'SANDBOX_PAY must be on or off, got "sure"',
    );
    expect(() => readEnvironment({ RATE_LIMITS: "maybe" })).toThrow(/^RATE_LIMITS must be/);
  });

  it("fills the defaults that follow the mode: sandboxes and demo data for local development only", () => {
    expect(readEnvironment({})).toMatchObject({
      SANDBOX_SSO: true,
      SANDBOX_PAY: true,
      SANDBOX_DELIVERY: true,
      SEED_DEMO_DATA: true,
      COOKIE_SECURE: false,
    });
    expect(readEnvironment({ NODE_ENV: "production" })).toMatchObject({
      SANDBOX_SSO: false,
      SANDBOX_PAY: false,
      SANDBOX_DELIVERY: false,
    });
    expect(readEnvironment({ APP_ENV: "production" })).toMatchObject({
      SANDBOX_SSO: false,
      SEED_DEMO_DATA: false,
      COOKIE_SECURE: true,
    });
  });
});
