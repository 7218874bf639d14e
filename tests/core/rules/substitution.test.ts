import { describe, expect, it } from "vitest";
import {
  allowedSubstitutions,
  DEFAULT_SUBSTITUTION,
  effectiveSubstitution,
  SUBSTITUTE_NOT_OFFERED,
  SUBSTITUTE_REQUIRED,
  SUBSTITUTIONS_OFF_REFUSAL,
  substitutionProblem,
  substitutionText,
} from "@core/rules/substitution";

const never = { substitution: null, substitute_product_id: null };

describe("a substitution choice per item (decision 029)", () => {
  it("defaults to the best match while the order allows substitutions", () => {
    expect(DEFAULT_SUBSTITUTION).toBe("best_match");
    expect(effectiveSubstitution(true, never)).toEqual({
      substitution: "best_match",
      substitute_product_id: null,
    });
    // Something unreadable stored counts as never chosen.
    expect(
      effectiveSubstitution(true, { substitution: "maybe", substitute_product_id: 3 }),
    ).toEqual({ substitution: "best_match", substitute_product_id: null });
  });

  it("is 'none' for every item while the order does not allow substitutions", () => {
    for (const stored of [
      never,
      { substitution: "best_match", substitute_product_id: null },
      { substitution: "product", substitute_product_id: 7 },
    ])
      expect(effectiveSubstitution(false, stored)).toEqual({
        substitution: "none",
        substitute_product_id: null,
      });
  });

  it("keeps a chosen product only with 'product', and 'product' only with a product", () => {
    expect(
      effectiveSubstitution(true, { substitution: "product", substitute_product_id: 7 }),
    ).toEqual({ substitution: "product", substitute_product_id: 7 });
    expect(effectiveSubstitution(true, { substitution: "none", substitute_product_id: 7 })).toEqual(
      {
        substitution: "none",
        substitute_product_id: null,
      },
    );
    expect(
      effectiveSubstitution(true, { substitution: "product", substitute_product_id: null }),
    ).toEqual({ substitution: "best_match", substitute_product_id: null });
  });

  it("allows every choice while substitutions are allowed, only 'none' otherwise", () => {
    expect(allowedSubstitutions(true)).toEqual(["best_match", "none", "product"]);
    expect(allowedSubstitutions(false)).toEqual(["none"]);
    expect(
      substitutionProblem(false, { substitution: "best_match", substitute_product_id: null }, []),
    ).toEqual({ field: "substitution", message: SUBSTITUTIONS_OFF_REFUSAL });
    expect(
      substitutionProblem(false, { substitution: "none", substitute_product_id: null }, []),
    ).toBeNull();
  });

  it("takes a substitute only from the products offered for the item", () => {
    const offered = [4, 5, 6];
    expect(
      substitutionProblem(true, { substitution: "product", substitute_product_id: 5 }, offered),
    ).toBeNull();
    expect(
      substitutionProblem(true, { substitution: "product", substitute_product_id: 9 }, offered),
    ).toEqual({ field: "substitute_product_id", message: SUBSTITUTE_NOT_OFFERED });
    expect(
      substitutionProblem(true, { substitution: "product", substitute_product_id: null }, offered),
    ).toEqual({ field: "substitute_product_id", message: SUBSTITUTE_REQUIRED });
    expect(
      substitutionProblem(true, { substitution: "best_match", substitute_product_id: null }, []),
    ).toBeNull();
  });

  it("reads as the item lines show it", () => {
    expect(substitutionText("best_match", null)).toBe("Best match");
    expect(substitutionText("none", null)).toBe("Don't substitute");
    expect(substitutionText("product", "Boar's Head Turkey")).toBe(
      "Substitute with Boar's Head Turkey",
    );
  });
});
