import { describe, expect, it } from "vitest";
import { CANCELLATION_FEES_TEXT, priceDisclaimer } from "@core/rules/price-disclaimer";

/** The circular's week as the disclaimer names it, from the brand's week start. */
function circularWeek(weekStart: number) {
  const sentence = priceDisclaimer({ circularWeekStart: weekStart, bagFeeAmount: 0 })[0]!;
  const [, first, last] = /runs (\w+) to (\w+);/.exec(sentence) ?? [];
  return { first, last };
}

describe("the circular's week (spec §2 /cart)", () => {
  it("runs Sunday to Saturday from 0 and Friday to Thursday from 5", () => {
    expect(circularWeek(0)).toEqual({ first: "Sunday", last: "Saturday" });
    expect(circularWeek(5)).toEqual({ first: "Friday", last: "Thursday" });
  });
  it("covers every start day and wraps out-of-range values", () => {
    expect(circularWeek(1)).toEqual({ first: "Monday", last: "Sunday" });
    expect(circularWeek(6)).toEqual({ first: "Saturday", last: "Friday" });
    expect(circularWeek(7)).toEqual({ first: "Sunday", last: "Saturday" });
    expect(circularWeek(-2)).toEqual({ first: "Friday", last: "Thursday" });
  });
});

describe("priceDisclaimer", () => {
  it("names the circular week, the bag fee in dollars and the cancellation fees", () => {
    const sentences = priceDisclaimer({ circularWeekStart: 0, bagFeeAmount: 10 });
    expect(sentences).toHaveLength(3);
    expect(sentences[0]).toContain("runs Sunday to Saturday");
    expect(sentences[1]).toBe("A bag fee of $0.10 per bag may be added to your order.");
    expect(sentences[2]).toBe(CANCELLATION_FEES_TEXT);
    expect(CANCELLATION_FEES_TEXT).toBe("Cancellation fees may apply.");
  });
  it("uses the brand's week start (Friday to Thursday)", () => {
    expect(priceDisclaimer({ circularWeekStart: 5, bagFeeAmount: 10 })[0]).toContain(
      "runs Friday to Thursday",
    );
  });
  it("leaves the bag fee out when the brand charges none", () => {
    const sentences = priceDisclaimer({ circularWeekStart: 0, bagFeeAmount: 0 });
    expect(sentences).toHaveLength(2);
    expect(sentences.join(" ")).not.toMatch(/bag fee/i);
    expect(sentences[1]).toBe(CANCELLATION_FEES_TEXT);
  });
  it("formats larger fees with cents", () => {
    expect(priceDisclaimer({ circularWeekStart: 0, bagFeeAmount: 125 })[1]).toBe(
      "A bag fee of $1.25 per bag may be added to your order.",
    );
  });
});
