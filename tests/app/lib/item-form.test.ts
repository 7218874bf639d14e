import { describe, expect, it } from "vitest";
import type { ProductRules } from "@core/rules/item-configuration";
import { parseWithZod } from "@conform-to/zod";
import {
  choiceField,
  facetSteps,
  FIELD,
  initialItemState,
  inStepOrder,
  itemFormStateFromItem,
  itemPreferences,
  messagePreview,
  MESSAGES,
  photoUploadProblem,
  settlePreferences,
  stepComplete,
  stepStatus,
  textField,
  type ItemFormState,
} from "~/lib/item-form";
import { itemFormProblem, itemFormSchema, readItemForm } from "~/lib/item-form-schema";
import { PHOTO_MAX_BYTES as MAX_PHOTO_BYTES } from "@core/rules/limits";
import type { QuantityRules } from "@core/rules/quantity-options";

// A cake: size (required, radio), toppings (up to 2, checkboxes), decoration with "Add a Photo"
// which shows photo placement, a message (custom message in colours), a name (free response).
const cake: ProductRules = {
  srp_amount: 2499,
  sale_srp_amount: null,
  on_sale: false,
  calories: 300,
  facets: [
    {
      id: 1,
      name: "Size",
      type: "multi-choice",
      required: true,
      choice_limit: 1,
      choices: [
        { id: 11, value: "8 inch", default: true, srp_amount: 0, calorie_modifier: 0 },
        { id: 12, value: "10 inch", default: false, srp_amount: 1000, calorie_modifier: 0 },
      ],
    },
    {
      id: 2,
      name: "Toppings",
      type: "multi-choice",
      required: false,
      choice_limit: 2,
      choices: [
        { id: 21, value: "Sprinkles", default: false, srp_amount: 0, calorie_modifier: 10 },
        { id: 22, value: "Berries", default: false, srp_amount: 200, calorie_modifier: 20 },
        { id: 23, value: "Nuts", default: false, srp_amount: 100, calorie_modifier: 30 },
      ],
    },
    {
      id: 3,
      name: "Decoration",
      type: "multi-choice",
      required: false,
      choice_limit: 1,
      choices: [
        { id: 31, value: "None", default: true, srp_amount: 0, calorie_modifier: 0 },
        { id: 32, value: "Add a Photo", default: false, srp_amount: 599, calorie_modifier: 0 },
      ],
    },
    {
      id: 4,
      name: "Photo Placement",
      type: "multi-choice",
      required: false,
      choice_limit: 1,
      choices: [
        { id: 41, value: "Center", default: true, srp_amount: 0, calorie_modifier: 0 },
        { id: 42, value: "Left", default: false, srp_amount: 0, calorie_modifier: 0 },
      ],
    },
    {
      id: 5,
      name: "Message on Cake",
      type: "custom-message",
      required: false,
      choice_limit: 1,
      choices: [
        { id: 51, value: "Decorator's Choice", default: true, srp_amount: 0, calorie_modifier: 0 },
        { id: 52, value: "Red", default: false, srp_amount: 0, calorie_modifier: 0 },
      ],
    },
    {
      id: 6,
      name: "Name on Cake",
      type: "free-response",
      required: false,
      choice_limit: null,
      choices: [],
    },
  ],
  facet_triggers: [{ facet_id: 4, choice_id: 32 }],
};

// Turkey by the pound: fractional steps from 1/4 lb.
const byThePound: QuantityRules = {
  unit_of_measure: "pound",
  accepts_fractional_quantities: true,
  minimum_quantity: 0.25,
  maximum_quantity: 10,
  remaining_quantity: null,
};
const each: QuantityRules = {
  unit_of_measure: "each",
  accepts_fractional_quantities: false,
  minimum_quantity: null,
  maximum_quantity: 5,
  remaining_quantity: 3,
};

function form(entries: [string, string][]) {
  return new URLSearchParams(entries);
}

/** The form's entries as the browser would post them. */
function posted(entries: ItemFormState): FormData {
  const data = new FormData();
  data.append(FIELD.quantity, entries.quantity);
  const texts = new Map(Object.entries(entries.texts));
  for (const p of entries.preferences) {
    if (p.choice_id !== null) data.append(choiceField(p.facet_id), String(p.choice_id));
    if (p.value !== null && !texts.has(String(p.facet_id))) texts.set(String(p.facet_id), p.value);
  }
  for (const [facetId, text] of texts) data.append(textField(Number(facetId)), text);
  data.append(FIELD.notes, entries.notes);
  if (entries.photoConsent) data.append(FIELD.photoConsent, "1");
  return data;
}

/** The form checked through the product's schema, as the action and the browser check it. */
function check(
  data: FormData | URLSearchParams,
  product: ProductRules,
  quantity: QuantityRules,
  acceptsPhoto = false,
) {
  const schema = itemFormSchema(product, quantity, { acceptsPhoto });
  const submission = parseWithZod(data, { schema, disableAutoCoercion: true });
  return submission.status === "success"
    ? { item: submission.value.item, problem: null }
    : { item: null, problem: itemFormProblem(submission.error) };
}

const checkItemForm = (entries: ItemFormState, product: ProductRules, quantity: QuantityRules) =>
  check(posted(entries), product, quantity);

/** The photo's errors alone: everything else in the form is in order. */
function checkPhoto(photo: { size: number } | null, consent: boolean) {
  const data = posted(state({ preferences: [{ facet_id: 1, choice_id: 11, value: null }] }));
  if (photo) data.append(FIELD.photo, new File([new Uint8Array(photo.size)], "cake.jpg"));
  if (consent) data.append(FIELD.photoConsent, "1");
  return check(data, cake, each, true).problem?.errors ?? {};
}

const state = (overrides: Partial<ItemFormState>): ItemFormState => ({
  quantity: "1",
  preferences: [],
  texts: {},
  notes: "",
  photoConsent: false,
  ...overrides,
});

describe("readItemForm", () => {
  it("reads radios, checkboxes, texts, quantity, notes and the photo disclaimer", () => {
    const read = readItemForm(
      form([
        ["quantity", "1.25"],
        [choiceField(1), "12"],
        [choiceField(2), "21"],
        [choiceField(2), "23"],
        [choiceField(5), "52"],
        [textField(5), " Happy Birthday "],
        [textField(6), "Emma"],
        ["notes", " No nuts please "],
        ["photo_consent", "1"],
      ]),
      cake,
    );
    expect(read).toEqual({
      quantity: "1.25",
      preferences: [
        { facet_id: 1, choice_id: 12, value: null },
        { facet_id: 2, choice_id: 21, value: null },
        { facet_id: 2, choice_id: 23, value: null },
        { facet_id: 5, choice_id: 52, value: "Happy Birthday" },
        { facet_id: 6, choice_id: null, value: "Emma" },
      ],
      texts: { 5: " Happy Birthday ", 6: "Emma" },
      notes: " No nuts please ",
      photoConsent: true,
    });
  });

  it("drops unknown facets and choices, duplicates and malformed ids", () => {
    const read = readItemForm(
      form([
        [choiceField(1), "21"], // a choice of another facet
        [choiceField(2), "22"],
        [choiceField(2), "22"],
        [choiceField(2), "x"],
        [choiceField(99), "1"],
      ]),
      cake,
    );
    expect(read.preferences).toEqual([{ facet_id: 2, choice_id: 22, value: null }]);
    expect(read.quantity).toBe("");
    expect(read.photoConsent).toBe(false);
  });

  it("keeps a blank free response out, and a message without a colour as text only", () => {
    const read = readItemForm(
      form([
        [textField(6), "   "],
        [textField(5), "Hi"],
      ]),
      cake,
    );
    expect(read.preferences).toEqual([{ facet_id: 5, choice_id: null, value: "Hi" }]);
    expect(read.texts).toEqual({ 5: "Hi", 6: "   " });
  });

  it("ignores files where text is expected", () => {
    const data = new FormData();
    data.append("quantity", new Blob(["1"]));
    data.append(textField(6), new Blob(["Emma"]));
    expect(readItemForm(data, cake)).toMatchObject({ quantity: "", preferences: [] });
  });
});

describe("initialItemState and itemFormStateFromItem", () => {
  it("starts at the default quantity with every facet's defaults, hidden ones last", () => {
    expect(initialItemState(cake, each).quantity).toBe("1");
    expect(initialItemState(cake, byThePound)).toEqual({
      quantity: "0.25",
      preferences: [
        { facet_id: 1, choice_id: 11, value: null },
        { facet_id: 3, choice_id: 31, value: null },
        { facet_id: 5, choice_id: 51, value: null },
        // Photo Placement shows only with "Add a Photo": preset for the form without scripts.
        { facet_id: 4, choice_id: 41, value: null },
      ],
      texts: {},
      notes: "",
      photoConsent: false,
    });
  });

  it("loads a cart item back into the form", () => {
    const loaded = itemFormStateFromItem(
      {
        quantity: 1 / 3,
        notes: "Extra thin",
        preferences: [
          { facet_id: 1, choice_id: 12, value: null },
          { facet_id: 5, choice_id: 52, value: "Congrats" },
          { facet_id: 6, choice_id: null, value: "Sam" },
        ],
      },
      cake,
      byThePound,
    );
    expect(loaded).toEqual({
      quantity: String(1 / 3),
      preferences: [
        { facet_id: 1, choice_id: 12, value: null },
        { facet_id: 5, choice_id: 52, value: "Congrats" },
        { facet_id: 6, choice_id: null, value: "Sam" },
        { facet_id: 4, choice_id: 41, value: null },
      ],
      texts: { 5: "Congrats", 6: "Sam" },
      notes: "Extra thin",
      photoConsent: false,
    });
  });

  it("round-trips: the loaded item posts back as the same item", () => {
    const item = {
      quantity: 1.25,
      notes: null,
      preferences: [
        { facet_id: 1, choice_id: 11, value: null },
        { facet_id: 2, choice_id: 21, value: null },
        { facet_id: 2, choice_id: 22, value: null },
      ],
    };
    const loaded = itemFormStateFromItem(item, cake, byThePound);
    const posted = form([
      ["quantity", loaded.quantity],
      ...loaded.preferences.map((p): [string, string] => [
        choiceField(p.facet_id),
        String(p.choice_id),
      ]),
    ]);
    const checked = check(posted, cake, byThePound);
    // The preset hidden facet goes again: its trigger is not chosen.
    expect(checked.item).toEqual(item);
  });
});

describe("checkItemForm", () => {
  it("answers the item to send: quantity as offered, preferences settled, notes trimmed", () => {
    const checked = checkItemForm(
      state({
        quantity: "1.25",
        preferences: [
          { facet_id: 1, choice_id: 12, value: null },
          { facet_id: 4, choice_id: 42, value: null }, // hidden: Decoration is not "Add a Photo"
          { facet_id: 5, choice_id: 51, value: null }, // a colour without a message
          { facet_id: 6, choice_id: null, value: "Emma" },
        ],
        notes: "  leave at the counter ",
      }),
      cake,
      byThePound,
    );
    expect(checked).toEqual({
      item: {
        quantity: 1.25,
        preferences: [
          { facet_id: 1, choice_id: 12, value: null },
          { facet_id: 6, choice_id: null, value: "Emma" },
        ],
        notes: "leave at the counter",
      },
      problem: null,
    });
  });

  it("accepts a third of a pound as the option's exact value", () => {
    const checked = checkItemForm(
      state({
        quantity: "0.333333333",
        preferences: [{ facet_id: 1, choice_id: 11, value: null }],
      }),
      cake,
      byThePound,
    );
    expect(checked.item?.quantity).toBe(1 / 3);
  });

  it("names each required facet left empty: 'The {name} field is required'", () => {
    const checked = checkItemForm(state({ quantity: "1.25", notes: "keep me" }), cake, byThePound);
    expect(checked.problem).toEqual({
      message: "Please complete all required fields",
      errors: { "preferences.1": "The Size field is required" },
    });
  });

  it("refuses quantities not offered, and more than remains", () => {
    const size = [{ facet_id: 1, choice_id: 11, value: null }];
    expect(checkItemForm(state({ quantity: "", preferences: size }), cake, each).problem).toEqual({
      message: MESSAGES.correctFields,
      errors: { quantity: "Choose a quantity." },
    });
    expect(
      checkItemForm(state({ quantity: "1.5", preferences: size }), cake, each).problem?.errors,
    ).toEqual({
      quantity: "Choose one of the quantities offered.",
    });
    expect(checkItemForm(state({ quantity: "4", preferences: size }), cake, each).problem).toEqual({
      message: "That quantity is not available.",
      errors: { quantity: "That quantity is not available." },
    });
    expect(
      checkItemForm(state({ quantity: "1e3", preferences: size }), cake, byThePound).problem?.errors
        .quantity,
    ).toBe("Choose one of the quantities offered.");
  });

  it("refuses more choices than a facet allows (a form without scripts can send them)", () => {
    const checked = checkItemForm(
      state({
        preferences: [
          { facet_id: 1, choice_id: 11, value: null },
          { facet_id: 2, choice_id: 21, value: null },
          { facet_id: 2, choice_id: 22, value: null },
          { facet_id: 2, choice_id: 23, value: null },
        ],
      }),
      cake,
      each,
    );
    expect(checked.problem).toEqual({
      message: MESSAGES.correctFields,
      errors: { "preferences.2": "The Toppings field allows at most 2 choices" },
    });
  });

  it("refuses texts and notes longer than the API keeps: 40 for a message on the cake, 100 for a name", () => {
    const check = (message: string, name: string, notes = "") =>
      checkItemForm(
        state({
          preferences: [
            { facet_id: 1, choice_id: 11, value: null },
            { facet_id: 5, choice_id: 51, value: message },
            { facet_id: 6, choice_id: null, value: name },
          ],
          texts: { 5: message, 6: name },
          notes,
        }),
        cake,
        each,
      );
    expect(check("m".repeat(40), "x".repeat(100)).problem).toBeNull();
    expect(check("m".repeat(41), "x".repeat(101), "n".repeat(1001)).problem?.errors).toEqual({
      "preferences.5": "The Message on Cake field must be at most 40 characters",
      "preferences.6": "The Name on Cake field must be at most 100 characters",
      notes: "Special instructions must be at most 1000 characters.",
    });
  });
});

describe("settlePreferences (the form in the browser)", () => {
  it("clears a facet that becomes hidden", () => {
    const before = [
      { facet_id: 3, choice_id: 32, value: null },
      { facet_id: 4, choice_id: 42, value: null },
    ];
    const after = [{ facet_id: 3, choice_id: 31, value: null }, before[1]!];
    expect(settlePreferences(cake, before, after)).toEqual([
      { facet_id: 3, choice_id: 31, value: null },
    ]);
  });

  it("preselects the defaults of a facet that just appeared", () => {
    const before = [{ facet_id: 3, choice_id: 31, value: null }];
    const after = [{ facet_id: 3, choice_id: 32, value: null }];
    expect(settlePreferences(cake, before, after)).toEqual([
      { facet_id: 3, choice_id: 32, value: null },
      { facet_id: 4, choice_id: 41, value: null },
    ]);
  });

  it("leaves a facet the shopper emptied empty", () => {
    const before = [{ facet_id: 1, choice_id: 11, value: null }];
    expect(settlePreferences(cake, before, [])).toEqual([]);
  });
});

describe("itemPreferences", () => {
  it("drops a message colour with no message, keeps one with a message", () => {
    expect(
      itemPreferences(cake, [
        { facet_id: 5, choice_id: 52, value: null },
        { facet_id: 1, choice_id: 11, value: null },
      ]),
    ).toEqual([{ facet_id: 1, choice_id: 11, value: null }]);
    expect(itemPreferences(cake, [{ facet_id: 5, choice_id: 52, value: "Hi" }])).toEqual([
      { facet_id: 5, choice_id: 52, value: "Hi" },
    ]);
  });
});

describe("checkPhoto", () => {
  it("needs the disclaimer accepted for a photo, and at most 5 MB", () => {
    expect(checkPhoto(null, false)).toEqual({});
    expect(checkPhoto({ size: 0 }, false)).toEqual({});
    expect(checkPhoto({ size: 10 }, false)).toEqual({ photo_consent: MESSAGES.photoConsent });
    expect(checkPhoto({ size: 10 }, true)).toEqual({});
    expect(checkPhoto({ size: MAX_PHOTO_BYTES + 1 }, true)).toEqual({
      photo: "The photo must be 5 MB or smaller.",
    });
  });
});

describe("photoUploadProblem", () => {
  it("shows the API's words next to the photo field", () => {
    expect(
      photoUploadProblem(422, { image: ["The photo must be a JPEG, PNG, GIF or WebP image."] }),
    ).toEqual({
      message: "The photo must be a JPEG, PNG, GIF or WebP image.",
      errors: { photo: "The photo must be a JPEG, PNG, GIF or WebP image." },
    });
    expect(photoUploadProblem(500)).toEqual({ message: MESSAGES.unexpected, errors: {} });
  });
});

describe("facetSteps", () => {
  const facets = [
    { id: 1, name: "Size", weight: 0 },
    { id: 2, name: "Toppings", weight: 2 },
    { id: 3, name: "Decoration", weight: 1 },
    { id: 5, name: "Message on Cake", weight: 4 },
    { id: 6, name: "Name on Cake", weight: 3 },
  ];

  it("makes one step per group by weight, its facets by weight", () => {
    const steps = facetSteps(facets, [
      { id: 20, name: "Message", weight: 2, facet_ids: [5, 6] },
      { id: 10, name: "Cake", weight: 0, facet_ids: [2, 1, 3] },
    ]);
    expect(steps).toEqual([
      { key: "group-10", title: "Cake", facetIds: [1, 3, 2] },
      { key: "group-20", title: "Message", facetIds: [6, 5] },
    ]);
  });

  it("gives each facet outside a group a step of its own, and skips empty groups", () => {
    const steps = facetSteps(facets, [
      { id: 10, name: "Cake", weight: 0, facet_ids: [1, 99] },
      { id: 11, name: "Empty", weight: 1, facet_ids: [98] },
    ]);
    expect(steps.map((s) => [s.title, s.facetIds])).toEqual([
      ["Cake", [1]],
      ["Decoration", [3]],
      ["Toppings", [2]],
      ["Name on Cake", [6]],
      ["Message on Cake", [5]],
    ]);
  });
});

describe("stepComplete", () => {
  it("is complete when the step's visible required facets have a selection", () => {
    expect(stepComplete(cake, [], [1, 2])).toBe(false);
    expect(stepComplete(cake, [{ facet_id: 1, choice_id: 12, value: null }], [1, 2])).toBe(true);
    expect(stepComplete(cake, [], [2, 3, 4])).toBe(true);
  });
});

describe("stepStatus", () => {
  const none = { confirmed: false, chosen: new Set<number>() };
  const defaults = initialItemState(cake, each).preferences;

  it("does not say Complete for what was only preselected", () => {
    // Size's default fills the required facet: the step may go on, but nothing was chosen yet.
    expect(stepComplete(cake, defaults, [1, 2])).toBe(true);
    expect(stepStatus(cake, defaults, [1, 2], none)).toBe("required");
    // A step with nothing required says nothing, rather than 'Complete', before the shopper acts.
    expect(stepStatus(cake, defaults, [5, 6], none)).toBeNull();
  });

  it("says Complete once the shopper chose each required facet, or pressed Next", () => {
    const chosenSize = { confirmed: false, chosen: new Set([1]) };
    expect(stepStatus(cake, defaults, [1, 2], chosenSize)).toBe("complete");
    // A choice in an optional facet of the step is not the required one.
    expect(stepStatus(cake, defaults, [1, 2], { confirmed: false, chosen: new Set([2]) })).toBe(
      "required",
    );
    const confirmed = { confirmed: true, chosen: new Set<number>() };
    expect(stepStatus(cake, defaults, [1, 2], confirmed)).toBe("complete");
    expect(stepStatus(cake, defaults, [5, 6], confirmed)).toBe("complete");
  });

  it("says Required while a required facet has no selection, chosen or not", () => {
    expect(stepStatus(cake, [], [1, 2], { confirmed: true, chosen: new Set([1]) })).toBe(
      "required",
    );
  });
});

describe("inStepOrder", () => {
  const steps = [{ facetIds: [1, 3] }, { facetIds: [2] }, { facetIds: [6, 5] }];

  it("lists choices in the steps' order, whatever order they were clicked in", () => {
    const clicked = [
      { facet_id: 5, choice_id: 52, value: "Hi" },
      { facet_id: 2, choice_id: 23, value: null },
      { facet_id: 6, choice_id: null, value: "Emma" },
      { facet_id: 2, choice_id: 21, value: null },
      { facet_id: 1, choice_id: 12, value: null },
      { facet_id: 3, choice_id: 32, value: null },
    ];
    expect(inStepOrder(steps, cake.facets, clicked).map((p) => [p.facet_id, p.choice_id])).toEqual([
      [1, 12],
      [3, 32],
      [2, 21],
      [2, 23],
      [6, null],
      [5, 52],
    ]);
  });

  it("keeps a facet outside the steps last, and leaves the list given as it was", () => {
    const given = [
      { facet_id: 4, choice_id: 41 },
      { facet_id: 1, choice_id: 11 },
    ];
    expect(inStepOrder(steps, cake.facets, given)).toEqual([given[1], given[0]]);
    expect(given[0]!.facet_id).toBe(4);
  });
});

describe("messagePreview", () => {
  const message = {
    id: 4,
    type: "custom-message",
    choices: [
      { id: 41, color: "#1d4ed8" },
      { id: 42, color: "#be185d" },
    ],
  };

  it("previews the text in the chosen colour", () => {
    expect(
      messagePreview(message, [{ facet_id: 4, choice_id: 42, value: "Hi" }], "Happy Birthday"),
    ).toEqual({ text: "Happy Birthday", color: "#be185d" });
  });

  it("previews nothing without a chosen colour", () => {
    expect(messagePreview(message, [], "Happy Birthday")).toBeNull();
    expect(messagePreview(message, [{ facet_id: 4, choice_id: null, value: "x" }], "x")).toBeNull();
    // Another facet's choice is not this message's colour.
    expect(messagePreview(message, [{ facet_id: 5, choice_id: 41, value: null }], "x")).toBeNull();
  });

  it("previews nothing for blank text", () => {
    const chosen = [{ facet_id: 4, choice_id: 41, value: null }];
    expect(messagePreview(message, chosen, "")).toBeNull();
    expect(messagePreview(message, chosen, "   ")).toBeNull();
  });

  it("previews only custom messages", () => {
    expect(
      messagePreview(
        { ...message, type: "free-response" },
        [{ facet_id: 4, choice_id: 41, value: "x" }],
        "x",
      ),
    ).toBeNull();
  });
});
