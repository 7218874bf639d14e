// Flat config: typescript-eslint's recommended rules on all TypeScript, React hooks rules for the
// storefront's components. No type-aware rules: they would double lint time on 2 cores.
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

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
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
