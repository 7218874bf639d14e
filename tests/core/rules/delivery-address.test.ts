import { describe, expect, it } from "vitest";
import {
  DELIVERY_MESSAGES,
  joinStreet,
  mapDeliveryFieldErrors,
  splitStreet,
} from "@core/rules/delivery-address";
import { DeliveryForm } from "@core/rules/delivery-form";
import { MESSAGES } from "@core/rules/patterns";

describe("the delivery street (spec §5)", () => {
  it("is the address minus its leading number, which goes in unit", () => {
    expect(splitStreet("123 Main St")).toEqual({ street: "Main St", unit: "123" });
    expect(splitStreet("  12B  Elm   Road ")).toEqual({ street: "Elm Road", unit: "12B" });
    expect(splitStreet("221-223, Baker Street")).toEqual({
      street: "Baker Street",
      unit: "221-223",
    });
  });
  it("is the whole address when it has no leading number", () => {
    expect(splitStreet("Main St 5")).toEqual({ street: "Main St 5", unit: null });
    expect(splitStreet("42")).toEqual({ street: "42", unit: null });
    expect(splitStreet("")).toEqual({ street: "", unit: null });
  });
  it("joins back as the form shows it", () => {
    expect(joinStreet("Main St", "123")).toBe("123 Main St");
    expect(joinStreet("Main St", null)).toBe("Main St");
  });
});

const valid = {
  first_name: "Pat",
  last_name: "Lee",
  address: "12 Nassau St",
  city: "Princeton",
  state: "NJ",
  zip_code: "08540",
  phone: "(609) 555-0142",
  email: "pat@example.com",
};

describe("the delivery form's rules (spec §5)", () => {
  it("accepts a complete form, trimmed", () => {
    const parsed = DeliveryForm.parse({ ...valid, city: " Princeton " });
    expect(parsed.city).toBe("Princeton");
  });
  it("requires address, city, state, zip code, names, phone and email", () => {
    const result = DeliveryForm.safeParse({
      first_name: " ",
      last_name: "",
      address: "",
      city: "",
      state: "",
      zip_code: "",
      phone: "",
      email: "",
    });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(errors).toEqual({
      first_name: MESSAGES.firstName,
      last_name: MESSAGES.lastName,
      address: DELIVERY_MESSAGES.address,
      city: DELIVERY_MESSAGES.city,
      state: DELIVERY_MESSAGES.state,
      zip_code: DELIVERY_MESSAGES.zipRequired,
      phone: MESSAGES.phone,
      email: MESSAGES.emailRequired,
    });
  });
  it("refuses text past its limit in the spec's words, naming the field", () => {
    const result = DeliveryForm.safeParse({
      ...valid,
      address: "a".repeat(201),
      city: "c".repeat(101),
      state: "s".repeat(51),
      instructions: "i".repeat(501),
    });
    const errors = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(errors).toEqual({
      address: "The address field must be at most 200 characters",
      city: "The city field must be at most 100 characters",
      state: "The state field must be at most 50 characters",
      instructions: "The delivery instructions field must be at most 500 characters",
    });
  });
  it("takes a zip of 5 digits or 5+4 with an optional separator", () => {
    for (const zip of ["08540", "08540-1234", "08540 1234", "085401234"])
      expect(DeliveryForm.safeParse({ ...valid, zip_code: zip }).success, zip).toBe(true);
    for (const zip of ["0854", "08540-12", "ABCDE", "08540--1234"]) {
      const result = DeliveryForm.safeParse({ ...valid, zip_code: zip });
      expect(result.error?.issues[0]?.message, zip).toBe(DELIVERY_MESSAGES.zip);
    }
  });
  it("uses the checkout's phone and email rules", () => {
    expect(DeliveryForm.safeParse({ ...valid, phone: "555-0142" }).error?.issues[0]?.message).toBe(
      MESSAGES.phone,
    );
    expect(DeliveryForm.safeParse({ ...valid, email: "pat@" }).error?.issues[0]?.message).toBe(
      MESSAGES.email,
    );
  });
});

describe("server field errors on the delivery form (spec §5, §8)", () => {
  it("maps the street address, phone and driver message from their other names", () => {
    expect(
      mapDeliveryFieldErrors({
        address_line_1: ["a"],
        dropoff_address: ["b"],
        phone_number: ["c"],
        dropoff_phone_number: ["d"],
        instructions: ["e"],
        dropoff_instructions: ["f"],
        zip_code: ["g"],
      }),
    ).toEqual({
      fields: { address: ["a", "b"], phone: ["c", "d"], instructions: ["e", "f"], zip_code: ["g"] },
      generic: [],
    });
  });
  it("maps the place call's nested payload keys", () => {
    expect(
      mapDeliveryFieldErrors({
        "delivery.dropoff_address.city": ["x"],
        "delivery.dropoff_address": ["y"],
        "delivery.tip": ["z"],
      }).fields,
    ).toEqual({ city: ["x"], address: ["y"], tip: ["z"] });
  });
  it("shows generic, pickup_ and external_delivery_id errors above the form", () => {
    expect(
      mapDeliveryFieldErrors({
        generic: ["g"],
        pickup_time: ["p"],
        external_delivery_id: ["x"],
        unknown_key: ["u"],
      }),
    ).toEqual({ fields: {}, generic: ["g", "p", "x"] });
  });
  it("says an unexpected error occurred when nothing maps", () => {
    const nothing: (Record<string, string[]> | null | undefined)[] = [
      {},
      null,
      undefined,
      { something_else: ["?"] },
      { phone: [" "] },
    ];
    for (const errors of nothing)
      expect(mapDeliveryFieldErrors(errors)).toEqual({
        fields: {},
        generic: ["An unexpected error occurred. Please try again later."],
      });
  });
});
