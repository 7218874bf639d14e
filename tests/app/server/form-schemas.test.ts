import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { PICKUP_TIME_GONE } from "@core/rules/pickup-slots";
import { PROMO_CODE_REQUIRED } from "@core/rules/promotions";
import { readCartPost } from "~/.server/cart";
import { promoCodeProblem } from "~/components/cart/promo-code-schema";
import { notificationOptInSchema } from "~/.server/confirmation";
import { pickupTimePost } from "~/.server/fulfillment-time";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const parse = <S extends Parameters<typeof parseWithZod>[1]["schema"]>(data: FormData, schema: S) =>
  parseWithZod(data, { schema, disableAutoCoercion: true });

describe("the cart's union of intents, read with conform", () => {
  it("reads a promo code trimmed, and refuses a blank one with the spec's words", () => {
    const applied = readCartPost(
      form([
        ["intent", "apply-promo"],
        ["code", " SAVE10 "],
      ]),
    );
    expect(applied.status === "success" && applied.value).toEqual({
      intent: "apply-promo",
      code: "SAVE10",
    });
    const blank = readCartPost(
      form([
        ["intent", "apply-promo"],
        ["code", "  "],
      ]),
    );
    expect(blank.status === "error" && blank.error).toEqual({ code: [PROMO_CODE_REQUIRED] });
  });

  it("the browser's check of the promo box refuses what the action refuses, and only that", () => {
    expect(promoCodeProblem(form([["code", "   "]]))).toBe(PROMO_CODE_REQUIRED);
    expect(promoCodeProblem(form([]))).toBe(PROMO_CODE_REQUIRED);
    expect(promoCodeProblem(form([["code", " SAVE10 "]]))).toBeNull();
  });

  it("reads the other forms' fields, and refuses an intent it does not know", () => {
    const removed = readCartPost(
      form([
        ["intent", "delete-item"],
        ["itemId", "12"],
      ]),
    );
    expect(removed.status === "success" && removed.value).toEqual({
      intent: "delete-item",
      itemId: "12",
    });
    expect(readCartPost(form([["intent", "empty-cart"]])).status).toBe("error");
  });
});

describe("the pickup time post", () => {
  it("is 'Update times' with its day, or the time chosen", () => {
    const show = parse(
      form([
        ["intent", "show-day"],
        ["day", "2030-02-30"],
      ]),
      pickupTimePost,
    );
    expect(show.status === "success" && show.value).toEqual({ intent: "show-day", day: null });
    const save = parse(
      form([
        ["day", "2030-03-01"],
        ["pickup_at", "2030-03-01T15:00:00Z"],
        ["from", "checkout"],
      ]),
      pickupTimePost,
    );
    expect(save.status === "success" && save.value).toEqual({
      intent: "save",
      day: "2030-03-01",
      pickup_at: "2030-03-01T15:00:00Z",
      from: "checkout",
    });
  });

  it("refuses a time that is missing or no instant", () => {
    for (const entries of [[], [["pickup_at", "soon"]]] as [string, string][][]) {
      const refused = parse(form(entries), pickupTimePost);
      expect(refused.status === "error" && refused.error?.pickup_at).toEqual([PICKUP_TIME_GONE]);
    }
  });
});

describe("the confirmation's notification opt-in", () => {
  it("reads none, one or both kinds, and refuses an unknown one", () => {
    const kinds = (entries: [string, string][]) => {
      const parsed = parse(form(entries), notificationOptInSchema);
      return parsed.status === "success" ? parsed.value.notification_type : null;
    };
    expect(kinds([])).toEqual([]);
    expect(kinds([["notification_type", "email"]])).toEqual(["email"]);
    expect(
      kinds([
        ["notification_type", "email"],
        ["notification_type", "sms"],
      ]),
    ).toEqual(["email", "sms"]);
    expect(kinds([["notification_type", "fax"]])).toBeNull();
  });
});
