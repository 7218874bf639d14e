/**
 * The server: the Order Express API under /api/1, the media files, the built storefront's assets,
 * and the Remix request handler for every other path. With several workers (WEB_CONCURRENCY, one
 * per core by default in production) the primary prepares the database and forks them; each
 * worker serves all of it. Production runs the compiled bundle (`npm run build` writes
 * build/main.js); development runs this file through tsx.
 */
// First: an older Node stops here with one line instead of crashing in the SQLite driver.
import "./server/node-version.cjs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "@remix-run/node";
import { EnvironmentRefused, readEnvironment } from "@core/config/environment";
import { addressPageUrlOf, loadServerConfig } from "./api/config";
import { createApi, inProcessApiOf } from "./api/app";
import { openDatabase } from "./api/db/connection";
import { migrateToLatest } from "./api/db/migrate";
import { seedDemoIfEmpty } from "./api/db/seed";
import { logger, requestLogger } from "./api/logger";
import { loadStorefrontConfig } from "./app/.server/config";
import { crossOriginPostGuard } from "./app/.server/origin-guard";
import { loadPaymentGateway } from "./api/integrations/payment";
import { mediaRouter } from "./api/routes/media";
import { nutritionPanelsRouter } from "./api/routes/nutrition-panels";
import { startBackgroundWork } from "./api/services/background";
import { createMessengers, messagingConfigFrom } from "./api/integrations/messaging";
import { sandboxMessagesPage } from "./api/integrations/messaging/sandbox/pages";
import { receivePaymentNotice } from "./api/services/payments";
import { providerAddressesChanged } from "./api/services/sign-in";
import { storefrontBodyCap } from "./server/bodies";
import { registerInProcessApiAtPort } from "./server/in-process";
import { apiEdge, limitStoresFor, storefrontEdge } from "./server/edge";
import { notePhotoUpload } from "./server/rate-limits";
import { securityHeaders } from "./server/headers";
import { refuseMalformedHost } from "./server/host";
import { loadEdgeLimits } from "./server/limits";
import { answerUnparsedMethods } from "./server/methods";
import { isClusterWorker, runPrimary } from "./server/cluster";
import { publicFiles } from "./server/public-files";
import { remixHandler } from "./server/remix-handler";

/** The schema brought up to date and the demo data loaded where it is wanted. */
async function prepareDatabase(db: ReturnType<typeof openDatabase>, seed: boolean) {
  await migrateToLatest(db);
  if (seed) await seedDemoIfEmpty(db);
}

async function main() {
  const config = loadServerConfig();
  // The process's own variables (REDIS_URL, UPLOADS_DIR, BUILD_DIR), from the same schema.
  const env = readEnvironment(process.env);
  // The storefront's settings are read by its first page; checked here, a missing SESSION_SECRET
  // in production stops the start with its reason instead of answering 500 on every page.
  loadStorefrontConfig();
  if (config.workers > 1 && !isClusterWorker()) {
    if (!env.REDIS_URL) {
      logger.warn("several workers without REDIS_URL: each keeps its own rate limits", {
        workers: config.workers,
      });
    }
    await runPrimary({
      workers: config.workers,
      prepare: async () => {
        const db = openDatabase(config.databaseUrl);
        try {
          await prepareDatabase(db, config.seedDemoData);
        } finally {
          await db.close();
        }
      },
      log: (message, details) => logger.info(message, details),
    });
    return;
  }
  const limits = loadEdgeLimits();
  const db = openDatabase(config.databaseUrl);
  // A worker's primary has prepared the database already.
  if (!isClusterWorker()) await prepareDatabase(db, config.seedDemoData);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.use(requestLogger());
  app.use(refuseMalformedHost());
  app.use(compression());
  // Pages may frame the identity provider's address page, and nothing else.
  const addressPage = addressPageUrlOf(config.sso);
  app.use(securityHeaders({ frameOrigins: addressPage ? [new URL(addressPage).origin] : [] }));

  const stores = limitStoresFor();
  const edge = { limits, stores };
  // The payment gateway (decision 021); the sandbox's notices reach the API in this process.
  const payment = await loadPaymentGateway(config.payment, db.kysely, async (body, signature) => {
    await receivePaymentNotice(
      { db: db.kysely, gateway: payment?.gateway ?? null },
      "sandbox",
      body,
      signature,
    );
  });
  const apiEdgeHandlers = apiEdge({ ...edge, apiSecret: config.apiSecret });
  const api = createApi({ db, config, payment: payment?.gateway ?? null });
  app.use("/api/1", apiEdgeHandlers, api);
  // The storefront in this process calls the API directly when API_URL names this server (or is
  // unset), after the same edge (decision 045); another API_URL is called over HTTP.
  registerInProcessApiAtPort(config.port, inProcessApiOf(api, apiEdgeHandlers));
  // Hold releases and captures to retry, and the shopper's notifications (decisions 043, 044):
  // every worker runs the loops, and a claim per row keeps each piece of work to one process.
  const messengers = createMessengers(db.kysely, messagingConfigFrom(process.env));
  const stopSweeping = startBackgroundWork(db.kysely, payment?.gateway ?? null, messengers);
  app.use("/media", mediaRouter());
  app.use("/nutrition-panels", nutritionPanelsRouter(db));
  // Customer photos: random names, served as the images they were checked to be.
  app.use(
    "/uploads",
    express.static(path.resolve(env.UPLOADS_DIR), {
      maxAge: "1d",
      index: false,
      setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
    }),
  );

  app.use(storefrontEdge(edge));
  if (config.sso.sandbox) {
    // Loaded only where it is mounted: a deployment with a real issuer never runs it.
    const { createSandboxProvider } = await import("./api/integrations/identity/sandbox");
    const issuer = config.sso.sandboxIssuer;
    app.use(
      new URL(issuer).pathname,
      await createSandboxProvider({
        db: db.kysely,
        issuer,
        clientId: config.sso.clientId,
        clientSecret: config.sso.clientSecret,
        returnOrigins: config.sso.returnOrigins,
        trustProxy: config.trustProxy,
        // The address page's changes reach the API's users in this process.
        onAddressesChanged: (subject, addresses) =>
          providerAddressesChanged(db.kysely, subject, addresses),
      }),
    );
  }
  if (payment?.sandboxPages)
    app.use(new URL(config.payment.sandboxUrl).pathname, payment.sandboxPages);
  // The sandbox mailbox, where the sandboxes are on (as the gateway's page) and mail is not sent.
  if (payment?.sandboxPages && messengers.sandbox)
    app.use("/sandbox/messages", sandboxMessagesPage(db.kysely));
  // Remix answers a foreign Origin with a blank 500; this hands the decision to the 403 page.
  app.use(crossOriginPostGuard());
  // The edge's part of each request's context; the build's entry makes the rest (the shopper,
  // their API client: app/.server/request-context.ts), and server/remix-handler.ts commits the
  // shopper's cookies after the route answered.
  const getLoadContext = (req: express.Request, res: express.Response) => ({
    cspNonce: res.locals.cspNonce as string,
    // As TRUST_PROXY reads it: passed on, signed, with every API call (the per-address limits).
    shopperAddress: req.ip,
    notePhotoUpload: () => notePhotoUpload(res),
  });
  const capFor = storefrontBodyCap(limits.bodies);
  if (config.mode === "development") {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    app.all(
      "*",
      remixHandler({
        build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
        getLoadContext,
        capFor,
      }),
    );
  } else {
    const buildDir = path.resolve(env.BUILD_DIR);
    // Fingerprinted assets never change; everything else in public/ may.
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(publicFiles(path.join(buildDir, "client"), { maxAge: "1h" }));
    const build = (await import(
      pathToFileURL(path.join(buildDir, "server/index.js")).href
    )) as ServerBuild;
    app.all("*", remixHandler({ build, getLoadContext, capFor }));
  }

  const server = app.listen(config.port, config.host, () => {
    logger.info("listening", {
      url: `http://localhost:${config.port}`,
      pid: process.pid,
      database: db.label,
      mode: config.mode,
      rateLimits: limits.rates ? (env.REDIS_URL ? "redis" : "memory") : "off",
    });
  });
  // An idle keep-alive connection is closed by the client (or the proxy in front, commonly after
  // 60 s), never by us first: a server that closes a socket at the moment a client reuses it
  // answers that request with a connection reset (seen as ECONNRESET in a CI run).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // A port that cannot be bound ends the process: a server that does not listen serves no one.
  server.on("error", (error) => {
    logger.error("There was a problem initializing the application. Please try again later.", {
      error: error.stack ?? String(error),
    });
    process.exit(1);
  });
  answerUnparsedMethods(server);
  const shutdown = () => {
    stopSweeping();
    server.close(() => void Promise.all([db.close(), stores.close()]).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

// A stray rejection or exception belongs to one request, not to every shopper: it is logged (each
// request's own errors are answered by the API's and Remix's error handlers) and the process goes
// on. Node's default would end the process for all of them.
process.on("unhandledRejection", (reason) => {
  logger.error("unhandled rejection", {
    error: reason instanceof Error ? reason.stack : String(reason),
  });
});
process.on("uncaughtException", (error) => {
  logger.error("uncaught exception", { error: error.stack ?? String(error) });
});

main().catch((error: unknown) => {
  // Start-up failure: say so plainly and stop; the storefront cannot serve without its data. A
  // setting the environment schema refused is its one line, naming the variable.
  logger.error("There was a problem initializing the application. Please try again later.", {
    error:
      error instanceof EnvironmentRefused
        ? error.message
        : error instanceof Error
          ? error.stack
          : String(error),
  });
  process.exit(1);
});
