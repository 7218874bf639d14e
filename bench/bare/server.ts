/**
 * Serves a bare Remix app's build (BARE_BUILD: `build-bench-bare/`, the two-route app, or
 * `build-bench-bare-tree/`, the route-tree floor) as server.ts serves the storefront's: Express,
 * compression, the hashed assets, the Remix request handler. Started by bench/run.ts.
 */
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BUILD = path.join(ROOT, process.env.BARE_BUILD || "build-bench-bare");

const build = (await import(path.join(BUILD, "server/index.js"))) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(
  "/assets",
  express.static(path.join(BUILD, "client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(BUILD, "client"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3400);
app.listen(port, process.env.HOST ?? "127.0.0.1", () => {
  process.stdout.write(`bare app listening on ${port}\n`);
});
