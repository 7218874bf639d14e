/**
 * Device description for POST /keys, read from the browser's user agent. Best effort: the API only
 * records it, so an unknown browser is 'Unknown', never an error.
 */
export interface DeviceDescription {
  brand: string;
  platform: string;
  model: string;
  version: string;
}

const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Samsung Internet", /SamsungBrowser\/([\d.]+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/([\d.]+)/],
  ["Chrome", /(?:Chrome|CriOS)\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari\//],
];

const PLATFORMS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Android", /Android/],
  ["iOS", /iPhone|iPad|iPod/],
  ["Windows", /Windows/],
  ["macOS", /Mac OS X|Macintosh/],
  ["ChromeOS", /CrOS/],
  ["Linux", /Linux/],
];

function model(userAgent: string, platform: string): string {
  const apple = /\b(iPhone|iPad|iPod)\b/.exec(userAgent);
  if (apple?.[1]) return apple[1];
  if (platform === "Android") {
    // 'Linux; Android 14; Pixel 8 Build/…' or 'Android 14; SM-S911B)'.
    const android = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?[;)]/.exec(userAgent);
    const name = android?.[1]?.trim();
    if (name && name !== "K") return name;
    return /Mobile/.test(userAgent) ? "Android phone" : "Android tablet";
  }
  return platform === "Unknown" ? "Unknown" : "Desktop";
}

export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const platform = PLATFORMS.find(([, pattern]) => pattern.test(ua))?.[0] ?? "Unknown";
  return {
    brand: browser?.[0] ?? "Unknown",
    platform,
    model: model(ua, platform),
    version: (browser && browser[1].exec(ua)?.[1]) ?? "",
  };
}
