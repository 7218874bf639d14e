// Flat config: typescript-eslint's recommended rules on all TypeScript, React hooks rules for the
// storefront's components. No type-aware rules: they would double lint time on 2 cores.
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const BOUNDARY =
  "core/ imports neither half, and app/ and api/ never import each other: shared rules and the API contract live in core/ (docs/architecture.md).";

export default defineConfig(
  {
    // Generated, local-only or third-party output: never linted.
    ignores: [
      "build/",
      "build-*/",
      "data/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "public/",
      "scratch/",
      "bench/results/",
      ".cache/",
    ],
  },
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberate placeholders (unused params, destructured-away fields).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    rules: {
      // date-fns' package root loads every one of its functions (1.7 s in Node, paid by each test
      // process and each server start); each function has its own entry point.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportDeclaration[source.value='date-fns']",
          message: "Import each date-fns function from its own path, e.g. 'date-fns/format'.",
        },
      ],
    },
  },
  // The boundary (decision 012): core/ (rules and the API contract) imports neither half; the
  // storefront (app/) and the API (api/) import core/ and never each other.
  {
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/*", "**/app/*", "**/api/*", "**/server/*"], message: BOUNDARY },
            {
              group: ["react", "react-dom", "@remix-run/*", "express", "kysely", "pg"],
              message: BOUNDARY,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/*", "**/app/*", "@remix-run/*", "react"], message: BOUNDARY }] },
      ],
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        // The storefront's own API client is app/.server/api: only a path out of app/ is the API.
        { patterns: [{ regex: "^(\\.\\./)+(api|server)(/|$)", message: BOUNDARY }] },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
