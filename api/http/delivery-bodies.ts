/** Delivery bodies: their 422 carries the delivery code, so a client shows the delivery form. */
import { PlaceBodySchema, type DeliveryPayload } from "@core/contract/deliveries";
import type { Request } from "express";
import type { ZodTypeAny, z } from "zod";
import { HttpError } from "./errors";
import { parseWith } from "./validation";

/** A delivery body's 422 carries the delivery code, so a client knows to show the delivery form. */
export function parseDelivery<S extends ZodTypeAny>(schema: S, req: Request): z.output<S> {
  try {
    return parseWith(schema, req.body ?? {});
  } catch (error) {
    if (error instanceof HttpError && error.status === 422)
      throw new HttpError(422, error.message, error.errors, "delivery_address_invalid");
    throw error;
  }
}

/** PUT orders/{id}/place's delivery payload, when the body has one (spec §3 "Delivery payload"). */
export const placementPayload = (req: Request): DeliveryPayload | undefined =>
  parseDelivery(PlaceBodySchema, req).delivery;
