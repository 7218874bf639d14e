import { describe, expect, it } from "vitest";
import {
  canStoreMove,
  isChangeable,
  isHandedOver,
  isIncomplete,
  isPicking,
  isRetracted,
  isSubmitted,
  nextStoreStatuses,
} from "@core/rules/order-status";

const NOW = new Date("2026-05-01T12:00:00Z");
const inMinutes = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();

describe("order status", () => {
  it("treats only 'incomplete' as the working cart, whatever its case", () => {
    expect(isIncomplete({ status: "incomplete" })).toBe(true);
    expect(isIncomplete({ status: "Incomplete" })).toBe(true);
    expect(isIncomplete({ status: "submitted" })).toBe(false);
    expect(isIncomplete({ status: "cancelled" })).toBe(false);
    expect(isSubmitted({ status: "SUBMITTED" })).toBe(true);
  });
});

describe("isChangeable: may the shopper still retract or cancel?", () => {
  it("always allows the working cart, pickup time or not", () => {
    expect(isChangeable({ status: "incomplete", pickup_at: null }, 60, NOW)).toBe(true);
    expect(isChangeable({ status: "incomplete", pickup_at: inMinutes(1) }, 60, NOW)).toBe(true);
  });

  it("allows a submitted order until the lead time before pickup, and not at it", () => {
    expect(isChangeable({ status: "submitted", pickup_at: inMinutes(61) }, 60, NOW)).toBe(true);
    expect(isChangeable({ status: "Submitted", pickup_at: inMinutes(61) }, 60, NOW)).toBe(true);
    expect(isChangeable({ status: "submitted", pickup_at: inMinutes(60) }, 60, NOW)).toBe(false);
    expect(isChangeable({ status: "submitted", pickup_at: inMinutes(10) }, 60, NOW)).toBe(false);
    expect(isChangeable({ status: "submitted", pickup_at: inMinutes(-5) }, 0, NOW)).toBe(false);
    expect(isChangeable({ status: "submitted", pickup_at: null }, 60, NOW)).toBe(true);
    expect(isChangeable({ status: "submitted", pickup_at: "not a date" }, 60, NOW)).toBe(false);
  });

  it("ends once the store has started, whatever the time left", () => {
    for (const status of [
      "in_progress",
      "in-progress",
      "ready",
      "picked_up",
      "completed",
      "cancelled",
      "READY",
    ])
      expect(isChangeable({ status, pickup_at: inMinutes(10_000) }, 60, NOW), status).toBe(false);
  });
});

describe("isRetracted: an order edited after placement, open in the cart", () => {
  it("is a cart that keeps the number it was placed under", () => {
    expect(isRetracted({ status: "incomplete", number: "1-000123-AB12" })).toBe(true);
    expect(isRetracted({ status: "Incomplete", number: "1-000123-AB12" })).toBe(true);
  });

  it("is neither a cart never placed nor an order placed now", () => {
    expect(isRetracted({ status: "incomplete", number: null })).toBe(false);
    expect(isRetracted({ status: "submitted", number: "1-000123-AB12" })).toBe(false);
    expect(isRetracted({ status: "cancelled", number: "1-000123-AB12" })).toBe(false);
  });
});

describe("the store's moves (issue 30)", () => {
  const pickup = { delivery: false };
  const delivery = { delivery: true };

  it("go one step at a time: submitted, in progress, ready, handed over, completed", () => {
    expect(nextStoreStatuses({ status: "submitted" }, pickup)).toEqual([
      "in_progress",
      "cancelled",
    ]);
    expect(nextStoreStatuses({ status: "In_Progress" }, pickup)).toEqual(["ready", "cancelled"]);
    expect(nextStoreStatuses({ status: "ready" }, pickup)).toEqual(["picked_up", "cancelled"]);
    expect(nextStoreStatuses({ status: "ready" }, delivery)).toEqual([
      "out_for_delivery",
      "cancelled",
    ]);
    expect(nextStoreStatuses({ status: "picked_up" }, pickup)).toEqual(["completed"]);
    expect(nextStoreStatuses({ status: "out_for_delivery" }, delivery)).toEqual(["completed"]);
    expect(nextStoreStatuses({ status: "completed" }, pickup)).toEqual([]);
    expect(nextStoreStatuses({ status: "cancelled" }, pickup)).toEqual([]);
    expect(nextStoreStatuses({ status: "incomplete" }, pickup)).toEqual([]);
  });

  it("refuse a skipped step, a step back and the wrong hand-over", () => {
    expect(canStoreMove({ status: "submitted" }, "ready", pickup)).toBe(false);
    expect(canStoreMove({ status: "ready" }, "in_progress", pickup)).toBe(false);
    expect(canStoreMove({ status: "ready" }, "out_for_delivery", pickup)).toBe(false);
    expect(canStoreMove({ status: "ready" }, "picked_up", delivery)).toBe(false);
    expect(canStoreMove({ status: "picked_up" }, "cancelled", pickup)).toBe(false);
    expect(canStoreMove({ status: "submitted" }, "in_progress", pickup)).toBe(true);
  });

  it("end the shopper's changes once picking started", () => {
    expect(isPicking({ status: "in_progress" })).toBe(true);
    expect(isChangeable({ status: "in_progress", pickup_at: null }, 0, NOW)).toBe(false);
    expect(isHandedOver({ status: "out_for_delivery" })).toBe(true);
    expect(isHandedOver({ status: "ready" })).toBe(false);
  });
});
