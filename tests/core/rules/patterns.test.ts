import { describe, expect, it } from "vitest";
import { CheckoutCustomer } from "@core/rules/checkout-customer";
import { isValidEmail, isValidPhone, isValidZip, MESSAGES } from "@core/rules/patterns";

describe("phone pattern (spec §5)", () => {
  it.each([
    "6095551234",
    "(609) 555-1234",
    "609-555-1234",
    "609.555.1234",
    "609 555 1234",
    "(609)555-1234",
  ])("accepts %s", (p) => {
    expect(isValidPhone(p)).toBe(true);
  });
  it.each(["555-1234", "1-609-555-1234", "609-555-12345", "phone", "(609 555-1234"])(
    "refuses %s",
    (p) => {
      expect(isValidPhone(p)).toBe(false);
    },
  );
});

describe("zip pattern", () => {
  it("takes 5 digits, or 5+4 with an optional separator", () => {
    for (const z of ["08540", "08540-1234", "08540 1234", "085401234"])
      expect(isValidZip(z)).toBe(true);
    for (const z of ["0854", "08540-12", "ABCDE"]) expect(isValidZip(z)).toBe(false);
  });
});

describe("email", () => {
  it("accepts ordinary addresses and refuses the rest", () => {
    expect(isValidEmail("pat.shopper+cakes@example.com")).toBe(true);
    for (const e of [
      "pat",
      "pat@",
      "@example.com",
      "pat@example",
      "pat..x@example.com",
      `${"a".repeat(65)}@example.com`,
    ]) {
      expect(isValidEmail(e)).toBe(false);
    }
    expect(isValidEmail(`a@${"b".repeat(250)}.com`)).toBe(false);
  });
});

describe("CheckoutCustomer", () => {
  it("trims and gives the exact messages of the spec", () => {
    const result = CheckoutCustomer.safeParse({
      first_name: "  ",
      last_name: "",
      email: "nope",
      phone: "12",
    });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.error.flatten().fieldErrors;
    expect(errors).toEqual({
      first_name: [MESSAGES.firstName],
      last_name: [MESSAGES.lastName],
      email: ["The email field must be a valid email address"],
      phone: ["Please input your 10 digit mobile number"],
    });
    expect(
      CheckoutCustomer.parse({
        first_name: " Pat ",
        last_name: "Lee",
        email: "pat@example.com",
        phone: "609-555-1234",
      }).first_name,
    ).toBe("Pat");
  });

  it("refuses a name past 100 characters in the words of its required message", () => {
    const result = CheckoutCustomer.safeParse({
      first_name: "P".repeat(101),
      last_name: "L".repeat(100),
      email: "pat@example.com",
      phone: "609-555-1234",
    });
    expect(result.success ? {} : result.error.flatten().fieldErrors).toEqual({
      first_name: ["The first name field must be at most 100 characters"],
    });
  });
});
