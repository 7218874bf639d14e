/** npm run docs:env: writes the README's configuration table from the environment schema. */
import { readFileSync, writeFileSync } from "node:fs";
import { renderEnvironmentSection, withEnvironmentSection } from "./environment-docs";

const readme = new URL("../README.md", import.meta.url);
const { scripts } = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { scripts: Record<string, string> };
writeFileSync(
  readme,
  withEnvironmentSection(readFileSync(readme, "utf8"), await renderEnvironmentSection(scripts)),
);
console.log("README.md: configuration table written from core/config/environment.ts");
