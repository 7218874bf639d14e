/**
 * "Is this a delivery?" has one answer (app/.server/delivery-mode.ts): the shopper's choice in
 * the session, or a delivery saved on the order when the session does not carry the choice.
 */
import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { isDelivery } from "~/.server/delivery-mode";
import type { StorefrontSession } from "~/.server/session";

const session = (data: Record<string, unknown> = {}) =>
  createSession(data) as unknown as StorefrontSession;

describe("is this a delivery", () => {
  it("yes once the shopper chose it, before any delivery is saved on the order", () => {
    expect(isDelivery({ delivery: null }, session({ deliveryInfo: { delivery: 1 } }))).toBe(true);
  });

  it("yes for an order with a saved delivery, on a device whose session never chose it", () => {
    expect(isDelivery({ delivery: { provider: "store" } }, session())).toBe(true);
    // A placed order read without the trip's session (its confirmation, past orders).
    expect(isDelivery({ delivery: { provider: "store" } })).toBe(true);
  });

  it("no for pickup: no choice and nothing saved", () => {
    expect(isDelivery({ delivery: null }, session())).toBe(false);
    expect(isDelivery(null, session())).toBe(false);
  });
});
