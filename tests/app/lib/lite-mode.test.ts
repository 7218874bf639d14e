import { describe, expect, it } from "vitest";
import { isLite, savesData } from "~/lib/lite-mode";

const request = (saveData?: string) =>
  new Request("http://localhost/", { headers: saveData ? { "save-data": saveData } : {} });

describe("lite mode", () => {
  it("follows the browser's data saver when the shopper has not chosen", () => {
    expect(isLite(undefined, request("on"))).toBe(true);
    expect(isLite(undefined, request(" ON "))).toBe(true);
    expect(isLite(undefined, request("off"))).toBe(false);
    expect(isLite(undefined, request())).toBe(false);
  });

  it("lets the shopper's choice win over the data saver", () => {
    expect(isLite(false, request("on"))).toBe(false);
    expect(isLite(true, request())).toBe(true);
  });

  it("reads only the Save-Data hint", () => {
    expect(savesData(request("on"))).toBe(true);
    expect(savesData(request("1"))).toBe(false);
  });
});
