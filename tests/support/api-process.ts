/**
 * The API alone in a process of its own, over DATABASE_URL (a test's database): how the scale-out
 * test gets two servers sharing one database. Prints `{"port":N}` once it listens; stops on SIGTERM.
 */
import { DEVELOPMENT_API_SECRET } from "@core/contract/api-secret";
import type { AddressInfo } from "node:net";
import express from "express";
import { createApi } from "../../api/app";
import { openDatabase } from "../../api/db/connection";

const db = openDatabase(process.env.DATABASE_URL!);
const app = express();
app.use(
  "/api/1",
  createApi({ db, config: { brandSlug: "harvest-market", apiSecret: DEVELOPMENT_API_SECRET } }),
);
const server = app.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.close(() => void db.close().then(() => process.exit(0)));
});
