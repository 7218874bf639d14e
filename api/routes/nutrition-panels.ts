import { Router } from "express";
import type { Db } from "../db/connection";
import { parseCanonicalId } from "@core/rules/ids";
import { nutritionPanelOf } from "../services/nutrition";

/**
 * GET /nutrition-panels/{productId}: the nutrition facts panel as an HTML fragment, the "nutrition
 * panel URL" of a product's nutrition answer. Public, like a product picture.
 */
export function nutritionPanelsRouter(db: Db) {
  const router = Router();
  router.get("/:id", (req, res, next) => {
    // Beyond a 32-bit integer no product exists (and PostgreSQL would refuse the query: a 500).
    const id = parseCanonicalId(req.params.id);
    if (id === null) return void res.status(404).type("text/plain").send("Not found");
    nutritionPanelOf(db.kysely, id).then((panel) => {
      if (panel === null) return void res.status(404).type("text/plain").send("Not found");
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.type("text/html").send(panel);
    }, next);
  });
  return router;
}
