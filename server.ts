/**
 * One Node process: the Order Express API under /api/1, the media files, the built storefront's
 * assets, and the Remix request handler for every other path.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import { loadServerConfig } from "./api/config";
import { createApi } from "./api/app";
import { openDatabase } from "./api/db/connection";
import { migrateToLatest } from "./api/db/migrate";
import { seedDemoIfEmpty } from "./api/db/seed";
import { logger, requestLogger } from "./api/logger";
import { mediaRouter } from "./api/routes/media";
import { nutritionPanelsRouter } from "./api/routes/nutrition-panels";
import { securityHeaders } from "./server/security-headers";

async function main() {
  const config = loadServerConfig();
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  if (config.seedDemoData) await seedDemoIfEmpty(db);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(requestLogger());
  app.use(compression());
  app.use(securityHeaders());

  app.use("/api/1", createApi({ db, config }));
  app.use("/media", mediaRouter());
  app.use("/nutrition-panels", nutritionPanelsRouter(db));
  // Customer photos: random names, served as the images they were checked to be.
  app.use(
    "/uploads",
    express.static(path.resolve(process.env.UPLOADS_DIR || "data/uploads"), {
      maxAge: "1d",
      index: false,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
  );

  if (config.mode === "development") {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    app.all("*", (req, res, next) =>
      createRequestHandler({
        build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
        getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
      })(req, res, next),
    );
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR || "build");
    // Fingerprinted assets never change; everything else in public/ may.
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    const build = (await import(
      pathToFileURL(path.join(buildDir, "server/index.js")).href
    )) as ServerBuild;
    app.all(
      "*",
      createRequestHandler({
        build,
        getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
      }),
    );
  }

  const server = app.listen(config.port, config.host, () => {
    logger.info("listening", {
      url: `http://localhost:${config.port}`,
      database: db.label,
      mode: config.mode,
    });
  });
  const shutdown = () => {
    server.close(() => void db.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  // Start-up failure: say so plainly and stop; the storefront cannot serve without its data.
  logger.error("There was a problem initializing the application. Please try again later.", {
    error: error instanceof Error ? error.stack : String(error),
  });
  process.exit(1);
});
