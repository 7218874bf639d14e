/** npm run docs:api: writes the reference section of docs/api.md from the contract. */
import { readFileSync, writeFileSync } from "node:fs";
import { renderReference, withReference } from "./openapi-markdown";

const file = new URL("../docs/api.md", import.meta.url);
writeFileSync(file, withReference(readFileSync(file, "utf8"), await renderReference()));
console.log("docs/api.md: reference section written from core/contract/");
