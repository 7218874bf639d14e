import { describe, expect, it } from "vitest";
import { DRIVER_MESSAGE_TOO_LONG } from "@core/rules/delivery-form";
import { PHOTO_TOO_LARGE } from "@core/rules/item-configuration";
import {
  DELIVERY_INSTRUCTIONS_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHOTO_MAX_BYTES,
  SEARCH_QUERY_MAX_LENGTH,
} from "@core/rules/limits";
import { searchQueryText } from "@core/rules/search-query";

describe("a search box's query (products, a catalog's deals, stores)", () => {
  it("reads runs of spaces as one and trims", () => {
    expect(searchQueryText("  whole   milk \n")).toBe("whole milk");
    expect(searchQueryText("Princeton,\t NJ")).toBe("Princeton, NJ");
  });
  it("is empty when missing", () => {
    expect(searchQueryText(null)).toBe("");
    expect(searchQueryText(undefined)).toBe("");
    expect(searchQueryText("   ")).toBe("");
  });
  it("is cut, not refused, at the limit, and trimmed again after the cut", () => {
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(100);
    expect(searchQueryText("a".repeat(150))).toBe("a".repeat(100));
    expect(searchQueryText(`${"a".repeat(99)} bread`)).toBe("a".repeat(99));
  });
});

describe("the delivery page's and the person fields' limits", () => {
  it("the message to the driver: 500 characters, in the page's words", () => {
    expect(DELIVERY_INSTRUCTIONS_MAX_LENGTH).toBe(500);
    expect(DRIVER_MESSAGE_TOO_LONG).toBe(
      "Please keep your message to the driver under 500 characters.",
    );
  });
  it("a phone number as typed: 30 characters, the same in the field and at the API", () => {
    expect(PHONE_MAX_LENGTH).toBe(30);
  });
});

describe("a customer photo", () => {
  it("5 MB at most, and the words say the same number", () => {
    expect(PHOTO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(PHOTO_TOO_LARGE).toBe(
      `The photo must be ${PHOTO_MAX_BYTES / (1024 * 1024)} MB or smaller.`,
    );
  });
});
