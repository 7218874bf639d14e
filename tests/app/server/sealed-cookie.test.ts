/**
 * The session's sealing (app/.server/sealed-cookie.ts): a sealed text opens with its secret and
 * purpose only, however often it has been opened before (opened texts are kept, decision 008).
 */
import { describe, expect, it } from "vitest";
import { seal, unseal } from "~/.server/sealed-cookie";

const SECRET = "a".repeat(40);
const OTHER = "b".repeat(40);

describe("a sealed cookie value", () => {
  it("opens as a value of the caller's own each time", () => {
    const text = seal({ cart: [1, 2] }, [SECRET], "oe_session");
    const first = unseal(text, [SECRET], "oe_session") as { cart: number[] };
    first.cart.push(3);
    expect(unseal(text, [SECRET], "oe_session")).toEqual({ cart: [1, 2] });
  });

  it("does not open with another secret, though it opened with its own just before", () => {
    const text = seal({ user: 7 }, [SECRET], "oe_session");
    expect(unseal(text, [SECRET], "oe_session")).toEqual({ user: 7 });
    expect(unseal(text, [OTHER], "oe_session")).toBeUndefined();
    expect(unseal(text, [OTHER, SECRET], "oe_session")).toEqual({ user: 7 });
  });

  it("does not open as another cookie, though it opened as its own just before", () => {
    const text = seal({ user: 7 }, [SECRET], "oe_session");
    expect(unseal(text, [SECRET], "oe_session")).toEqual({ user: 7 });
    expect(unseal(text, [SECRET], "oe_prefs")).toBeUndefined();
  });

  it("does not open once changed", () => {
    const text = seal({ user: 7 }, [SECRET], "oe_session");
    unseal(text, [SECRET], "oe_session");
    const changed = text.slice(0, -2) + (text.endsWith("A") ? "BB" : "AA");
    expect(unseal(changed, [SECRET], "oe_session")).toBeUndefined();
  });
});
