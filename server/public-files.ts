import fs from "node:fs";
import express, { type RequestHandler } from "express";

/**
 * Serves what the client build holds beside `assets/` (the files public/ gave it), looking on
 * disk only for the names the build holds: a page's URL never costs a file-system lookup on its
 * way to Remix. The list is read once at start-up, as the build never changes under a running
 * server.
 */
export function publicFiles(clientDir: string, options: { maxAge: string }): RequestHandler {
  const entries = fs.existsSync(clientDir)
    ? fs.readdirSync(clientDir, { withFileTypes: true }).filter((e) => e.name !== "assets")
    : [];
  const files = new Set(entries.filter((e) => e.isFile()).map((e) => `/${e.name}`));
  const folders = entries.filter((e) => e.isDirectory()).map((e) => `/${e.name}/`);
  const serve = express.static(clientDir, { maxAge: options.maxAge, index: false });
  return (req, res, next) => {
    if (files.has(req.path) || folders.some((folder) => req.path.startsWith(folder)))
      return serve(req, res, next);
    next();
  };
}
