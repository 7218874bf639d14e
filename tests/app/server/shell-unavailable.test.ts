/**
 * The shell when the API is away (spec §8 "Error page by code"): an API answering 503 (its
 * database is down) makes every page the 503 page, "We'll Be Right Back!" without Go Home; an API
 * that does not answer at all makes it the 502 page. The e2e server cannot fake either, so the root
 * loader is called here against a stubbed API and its page rendered as the root would render it.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadShell } from "~/.server/shell";
import { ErrorPage } from "~/components/ErrorPage";
import { meta } from "~/root";
import { testContext } from "../../support/storefront";

const API = "http://api.test/api/1";
const UNAVAILABLE =
  "The API service is currently unavailable (it's likely being updated right now).";

beforeAll(() => {
  process.env.API_URL = API;
  process.env.SESSION_SECRET = "shell-test-secret";
  process.env.MARKET_NAME = "Harvest Market";
  process.env.LOG_LEVEL = "silent";
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The API registers the device, then answers every other call with `brand()`. */
function stubApi(brand: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const path = new URL(String(input)).pathname.replace("/api/1", "");
      if ((init?.method ?? "GET") === "POST" && path === "/keys")
        return json({ data: { apikey: "key", uuid: "uuid-1" } }, 201);
      return brand();
    }),
  );
}

/** The root loader's answer: its status and data (`data()` of @remix-run/node). */
async function shellFor(path: string) {
  const answer = (await loadShell({
    request: new Request(`http://localhost${path}`),
    context: await testContext(path),
    params: {},
  })) as unknown as {
    init: { status?: number } | null;
    data: { productTitle: string; globalError: { code: number; message: string } | null };
  };
  return { status: answer.init?.status ?? 200, data: answer.data };
}

const titleOf = (data: Awaited<ReturnType<typeof shellFor>>["data"]) =>
  (
    meta({ data, error: undefined, matches: [], location: {}, params: {} } as never) as {
      title: string;
    }[]
  )[0]!.title;

/** The page the root renders for the shell's global error. */
const pageOf = ({ globalError }: Awaited<ReturnType<typeof shellFor>>["data"]) =>
  renderToStaticMarkup(
    createElement(ErrorPage, { code: globalError!.code, message: globalError!.message }),
  );

describe("the shell when the API is away", () => {
  it("answers 503 with the 503 page when the API answers 503", async () => {
    stubApi(() => json({ status: 503, message: "Service Unavailable" }, 503));
    const { status, data } = await shellFor("/stores/1/departments");
    expect(status).toBe(503);
    expect(data.globalError).toEqual({ code: 503, message: UNAVAILABLE });
    expect(titleOf(data)).toBe("We'll Be Right Back! - Order Express Harvest Market");

    const page = pageOf(data);
    expect(page).toContain(">We&#x27;ll Be Right Back!</h1>");
    expect(page).toContain(
      "The API service is currently unavailable. Please try again in a few minutes.",
    );
    expect(page).not.toContain("Go Home");
  });

  it("answers 502 with the Service Unavailable page when the API does not answer", async () => {
    stubApi(() => {
      throw new TypeError("fetch failed");
    });
    const { status, data } = await shellFor("/");
    expect(status).toBe(502);
    expect(data.globalError).toEqual({ code: 502, message: UNAVAILABLE });
    expect(titleOf(data)).toBe("Service Unavailable. - Order Express Harvest Market");

    const page = pageOf(data);
    expect(page).toContain(">Service Unavailable.</h1>");
    expect(page).toContain("The request could not be processed. Please try again later.");
    expect(page).toContain(">Go Home</a>");
  });
});
