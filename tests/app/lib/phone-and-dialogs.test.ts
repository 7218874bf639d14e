import { describe, expect, it } from "vitest";
import { dialogCloseHref, dialogOpenHref } from "~/lib/dialog-url";
import { formatPhone } from "@core/rules/phone";

describe("formatPhone (10 digits, optional leading 1)", () => {
  it.each([
    ["8605550142", "(860) 555-0142"],
    ["860-555-0142", "(860) 555-0142"],
    ["(860) 555.0142", "(860) 555-0142"],
    ["18605550142", "(860) 555-0142"],
    ["+1 860 555 0142", "(860) 555-0142"],
  ])("%s → %s", (raw, display) => {
    expect(formatPhone(raw).display).toBe(display);
    expect(formatPhone(raw).digits).toBe("8605550142");
  });

  it("shows anything else as given", () => {
    expect(formatPhone(" 555-0142 ").display).toBe("555-0142");
  });
});

describe("dialog URLs", () => {
  it("opening keeps the other query parameters", () => {
    expect(dialogOpenHref("/stores/1/departments", "?query=milk", "change-store")).toBe(
      "/stores/1/departments?query=milk&dialog=change-store",
    );
    expect(dialogOpenHref("/", "", "cart-not-empty")).toBe("/?dialog=cart-not-empty");
  });

  it("closing removes only the dialog's parameters", () => {
    expect(dialogCloseHref("/stores/1/departments", "?query=milk&dialog=change-store")).toBe(
      "/stores/1/departments?query=milk",
    );
    expect(dialogCloseHref("/stores/1/orders/new", "?guessed=1", ["guessed"])).toBe(
      "/stores/1/orders/new",
    );
  });
});
