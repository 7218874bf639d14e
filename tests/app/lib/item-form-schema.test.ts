import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { ProductRules } from "@core/rules/item-configuration";
import { PHOTO_MAX_BYTES } from "@core/rules/limits";
import type { QuantityRules } from "@core/rules/quantity-options";
import { choiceField, MESSAGES, textField } from "~/lib/item-form";
import {
  itemFormProblem,
  itemFormResult,
  itemFormSchema,
  itemStateFromPayload,
  type ItemSchemaOptions,
} from "~/lib/item-form-schema";

// A platter: a required size (radio), sauces (up to 2), a card message (free response).
const platter: ProductRules = {
  srp_amount: 3999,
  sale_srp_amount: null,
  on_sale: false,
  calories: null,
  facets: [
    {
      id: 7,
      name: "Size",
      type: "multi-choice",
      required: true,
      choice_limit: 1,
      choices: [
        { id: 71, value: "Small", default: false, srp_amount: 0, calorie_modifier: 0 },
        { id: 72, value: "Large", default: false, srp_amount: 1000, calorie_modifier: 0 },
      ],
    },
    {
      id: 8,
      name: "Sauces",
      type: "multi-choice",
      required: false,
      choice_limit: 2,
      choices: [
        { id: 81, value: "Ranch", default: false, srp_amount: 0, calorie_modifier: 0 },
        { id: 82, value: "Honey Mustard", default: false, srp_amount: 0, calorie_modifier: 0 },
        { id: 83, value: "Buffalo", default: false, srp_amount: 0, calorie_modifier: 0 },
      ],
    },
    {
      id: 9,
      name: "Card Message",
      type: "free-response",
      required: false,
      choice_limit: null,
      choices: [],
    },
  ],
  facet_triggers: [],
};

const upToFour: QuantityRules = {
  unit_of_measure: "each",
  accepts_fractional_quantities: false,
  minimum_quantity: null,
  maximum_quantity: 4,
  remaining_quantity: 2,
};

function post(entries: [string, string | File][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function parse(data: FormData, options: ItemSchemaOptions = { acceptsPhoto: false }) {
  const schema = itemFormSchema(platter, upToFour, options);
  const submission = parseWithZod(data, { schema, disableAutoCoercion: true });
  return submission.status === "success"
    ? { status: submission.status, value: submission.value, error: undefined }
    : { status: submission.status, value: undefined, error: submission.error };
}

const small: [string, string] = [choiceField(7), "71"];
const photo = (size: number) => new File([new Uint8Array(size)], "platter.jpg");

describe("itemFormSchema (built from the product's facet rules)", () => {
  it("gives the item to send, the form as sent and no photo", () => {
    const submission = parse(
      post([["quantity", "2"], small, [choiceField(8), "81"], [textField(9), " Congrats "]]),
    );
    expect(submission.status).toBe("success");
    expect(submission.value).toEqual({
      item: {
        quantity: 2,
        preferences: [
          { facet_id: 7, choice_id: 71, value: null },
          { facet_id: 8, choice_id: 81, value: null },
          { facet_id: 9, choice_id: null, value: "Congrats" },
        ],
        notes: null,
      },
      state: expect.objectContaining({ quantity: "2", texts: { 9: " Congrats " } }),
      photo: null,
    });
  });

  it("names each required facet left empty, under the API's key, with the summary's title", () => {
    const submission = parse(post([["quantity", "1"]]));
    expect(submission.error).toEqual({
      "": ["Please complete all required fields"],
      "preferences.7": ["The Size field is required"],
    });
  });

  it("takes only the quantities offered, and no more than remains", () => {
    expect(parse(post([["quantity", ""], small])).error).toEqual({
      "": [MESSAGES.correctFields],
      quantity: ["Choose a quantity."],
    });
    expect(parse(post([["quantity", "1.5"], small])).error?.quantity).toEqual([
      "Choose one of the quantities offered.",
    ]);
    expect(parse(post([["quantity", "3"], small])).error).toEqual({
      "": ["That quantity is not available."],
      quantity: ["That quantity is not available."],
    });
  });

  it("refuses more choices than a facet allows", () => {
    const three = ["81", "82", "83"].map((id): [string, string] => [choiceField(8), id]);
    expect(parse(post([["quantity", "1"], small, ...three])).error?.["preferences.8"]).toEqual([
      "The Sauces field allows at most 2 choices",
    ]);
  });

  it("refuses a text longer than 100 characters, not one of 100", () => {
    const text = (length: number) =>
      parse(post([["quantity", "1"], small, [textField(9), "x".repeat(length)]]));
    expect(text(100).status).toBe("success");
    expect(text(101).error?.["preferences.9"]).toEqual([
      "The Card Message field must be at most 100 characters",
    ]);
  });

  it("takes a photo only with the disclaimer accepted and within 5 MB", () => {
    const withPhoto = (size: number, consent: boolean) =>
      parse(
        post([
          ["quantity", "1"],
          small,
          ["photo", photo(size)],
          ...(consent ? [["photo_consent", "1"] as [string, string]] : []),
        ]),
        { acceptsPhoto: true },
      );
    expect(withPhoto(10, false).error).toEqual({
      "": [MESSAGES.photoConsent],
      photo_consent: [MESSAGES.photoConsent],
    });
    expect(withPhoto(PHOTO_MAX_BYTES, true).status).toBe("success");
    expect(withPhoto(PHOTO_MAX_BYTES + 1, true).error?.photo).toEqual([
      "The photo must be 5 MB or smaller.",
    ]);
    const kept = withPhoto(10, true);
    expect(kept.value?.photo?.size).toBe(10);
  });

  it("ignores a photo the product does not take, and an empty file input", () => {
    const data = post([["quantity", "1"], small, ["photo", photo(PHOTO_MAX_BYTES + 1)]]);
    const ignored = parse(data);
    expect(ignored.value?.photo).toBeNull();
    const empty = parse(post([["quantity", "1"], small, ["photo", photo(0)]]), {
      acceptsPhoto: true,
    });
    expect(empty.status).toBe("success");
  });

  it("refuses a photo the server dropped for its size, without reading it", () => {
    const submission = parse(post([["quantity", "1"], small]), {
      acceptsPhoto: true,
      photoTooLarge: true,
    });
    expect(submission.error?.photo).toEqual([MESSAGES.photoTooLarge]);
  });
});

describe("itemStateFromPayload", () => {
  it("reads conform's nested payload: repeated names as lists, unknown choices dropped", () => {
    const state = itemStateFromPayload(
      { quantity: " 2 ", choice: { 7: "72", 8: ["81", "99", "81"] }, photo_consent: "1" },
      platter,
    );
    expect(state).toEqual({
      quantity: "2",
      preferences: [
        { facet_id: 7, choice_id: 72, value: null },
        { facet_id: 8, choice_id: 81, value: null },
      ],
      texts: {},
      notes: "",
      photoConsent: true,
    });
  });
});

describe("itemFormProblem and itemFormResult", () => {
  it("turn conform's errors into the form's problem and back", () => {
    const problem = itemFormProblem({
      "": ["Please complete all required fields"],
      "preferences.7": ["The Size field is required"],
      notes: null,
    });
    expect(problem).toEqual({
      message: "Please complete all required fields",
      errors: { "preferences.7": "The Size field is required" },
    });
    expect(itemFormResult(problem)).toEqual({
      status: "error",
      error: {
        "": ["Please complete all required fields"],
        "preferences.7": ["The Size field is required"],
      },
    });
  });
});
