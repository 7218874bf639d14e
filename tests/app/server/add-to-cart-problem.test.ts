import { describe, expect, it } from "vitest";
import { addToCartProblem } from "~/.server/api/refusals";

describe("addToCartProblem (spec §8), by the API's error code", () => {
  it("maps the department refusal", () => {
    expect(
      addToCartProblem(422, "product_unavailable_in_department", {
        product_id: ["The product is not available in that department."],
      }),
    ).toEqual({ message: "The product cannot be added to the current department.", errors: {} });
  });

  it("maps the quantity refusal to the form and the quantity field", () => {
    expect(
      addToCartProblem(422, "quantity_unavailable", {
        quantity: ["That quantity is not available."],
      }),
    ).toEqual({
      message: "That quantity is not available.",
      errors: { quantity: "That quantity is not available." },
    });
  });

  it("maps any other 422 to 'Please complete all required fields.' with the field errors", () => {
    expect(
      addToCartProblem(422, "required_choices_missing", {
        "preferences.7": ["The Slice field is required"],
        quantity: ["Choose one of the quantities offered."],
        image: ["The photo must be a JPEG, PNG, GIF or WebP image."],
        order_id: ["Unknown."],
      }),
    ).toEqual({
      message: "Please complete all required fields.",
      errors: {
        "preferences.7": "The Slice field is required",
        quantity: "Choose one of the quantities offered.",
        photo: "The photo must be a JPEG, PNG, GIF or WebP image.",
      },
    });
  });

  it("reads the code, not the words: a message that names the department changes nothing", () => {
    expect(
      addToCartProblem(422, "invalid", {
        generic: ["The product is not available in that department."],
      }).message,
    ).toBe("Please complete all required fields.");
  });

  it("answers everything else with the generic text", () => {
    for (const [status, code] of [
      [400, "bad_request"],
      [403, "order_not_editable"],
      [404, "not_found"],
      [500, "server_error"],
      [502, "server_error"],
    ] as const)
      expect(addToCartProblem(status, code)).toEqual({
        message: "An unexpected error occurred. Please try again later.",
        errors: {},
      });
  });
});
