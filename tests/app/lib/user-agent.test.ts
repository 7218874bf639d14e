import { describe, expect, it } from "vitest";
import { describeDevice } from "~/lib/user-agent";

describe("describeDevice (POST /keys device from the user agent)", () => {
  it("desktop Chrome on Windows", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      ),
    ).toEqual({ brand: "Chrome", platform: "Windows", model: "Desktop", version: "126.0.0.0" });
  });

  it("Safari on an iPhone", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ brand: "Safari", platform: "iOS", model: "iPhone", version: "17.5" });
  });

  it("Chrome on an Android phone", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36",
      ),
    ).toEqual({ brand: "Chrome", platform: "Android", model: "Pixel 8", version: "126.0.6478.71" });
  });

  it("Edge and Firefox are told apart from Chrome", () => {
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87",
      ).brand,
    ).toBe("Edge");
    expect(
      describeDevice(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
      ),
    ).toEqual({ brand: "Firefox", platform: "macOS", model: "Desktop", version: "127.0" });
  });

  it("an unknown or missing user agent is 'Unknown', not an error", () => {
    expect(describeDevice(null)).toEqual({
      brand: "Unknown",
      platform: "Unknown",
      model: "Unknown",
      version: "",
    });
    expect(describeDevice("curl/8.5.0").brand).toBe("Unknown");
  });
});
