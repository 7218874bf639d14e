/**
 * /media: the demo brand's pictures, drawn as SVG from the seed data (no files, no network).
 * Unknown or malformed names are a plain-text 404; nothing from the request reaches the
 * filesystem or the response body.
 */
import { createHash } from "node:crypto";
import express from "express";
import { renderMedia } from "../db/seed/pictures/render";

interface Rendered {
  body: string;
  etag: string;
}

/** Rendered pictures, kept because the set of valid names is finite (a few thousand small SVGs). */
const cache = new Map<string, Rendered>();
const CACHE_LIMIT = 5000;

function lookup(section: string, file: string): Rendered | null {
  const key = `${section}/${file}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const body = renderMedia(section, file);
  if (body === null) return null;
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const rendered = { body, etag };
  if (cache.size < CACHE_LIMIT) cache.set(key, rendered);
  return rendered;
}

function notFound(res: express.Response) {
  res
    .status(404)
    .type("text/plain; charset=utf-8")
    .set("Cache-Control", "no-store")
    .send("Not found");
}

export function mediaRouter(): express.Router {
  const router = express.Router();

  router.get("/:section/:file", (req, res) => {
    let rendered: Rendered | null = null;
    try {
      rendered = lookup(req.params.section ?? "", req.params.file ?? "");
    } catch {
      rendered = null; // A picture that fails to draw is treated as missing rather than a 500.
    }
    if (!rendered) return notFound(res);
    res.set({
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      ETag: rendered.etag,
      "X-Content-Type-Options": "nosniff",
      // If someone opens an SVG directly, it still may not run or load anything.
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
    });
    const match = req.headers["if-none-match"];
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === rendered.etag)) {
      return res.status(304).end();
    }
    return res.status(200).send(rendered.body);
  });

  router.use((_req, res) => notFound(res));
  return router;
}
