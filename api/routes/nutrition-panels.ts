import { Router } from "express";
import type { Db } from "../db/connection";
import { readFacts, renderNutritionPanel } from "../services/nutrition";

/**
 * GET /nutrition-panels/{productId}: the nutrition facts panel as an HTML fragment, the "nutrition
 * panel URL" of a product's nutrition answer. Public, like a product picture.
 */
export function nutritionPanelsRouter(db: Db) {
  const router = Router();
  router.get("/:id", (req, res, next) => {
    const raw = req.params.id ?? "";
    // Beyond a 32-bit integer no product exists (and PostgreSQL would refuse the query: a 500).
    if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
      return void res.status(404).type("text/plain").send("Not found");
    db.kysely
      .selectFrom("products")
      .select(["name", "nutrition_facts"])
      .where("id", "=", Number(raw))
      .executeTakeFirst()
      .then((product) => {
        const facts = product && readFacts(product.nutrition_facts);
        if (!product || !facts) return void res.status(404).type("text/plain").send("Not found");
        res.setHeader("Cache-Control", "public, max-age=3600");
        res.type("text/html").send(renderNutritionPanel(product.name, facts));
      }, next);
  });
  return router;
}
