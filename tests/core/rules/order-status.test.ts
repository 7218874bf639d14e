import { describe, expect, it } from "vitest";
import { isEditable, isIncomplete, isSubmitted } from "@core/rules/order-status";

describe("order status", () => {
  it("treats only 'incomplete' as the working cart, whatever its case", () => {
    expect(isIncomplete({ status: "incomplete" })).toBe(true);
    expect(isIncomplete({ status: "Incomplete" })).toBe(true);
    expect(isIncomplete({ status: "submitted" })).toBe(false);
    expect(isIncomplete({ status: "cancelled" })).toBe(false);
  });

  it("keeps an order editable until the store starts on it", () => {
    expect(isEditable({ status: "incomplete" })).toBe(true);
    expect(isEditable({ status: "SUBMITTED" })).toBe(true);
    expect(isSubmitted({ status: "submitted" })).toBe(true);
    for (const status of ["in-progress", "ready", "completed", "cancelled"])
      expect(isEditable({ status }), status).toBe(false);
  });
});
