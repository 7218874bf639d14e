import { describe, expect, it } from "vitest";
import {
  errorPageContent,
  errorPageDetail,
  ERROR_MESSAGES,
  httpStatusFor,
  parseErrorCode,
} from "~/lib/error-catalogue";

describe("error page by code (spec §8)", () => {
  it("400", () => {
    expect(errorPageContent(400)).toEqual({
      code: 400,
      title: "Error 400: Bad Request.",
      message: "The request could not be processed. Please try again later.",
      showGoHome: true,
    });
  });

  it("502 shares the 400 message", () => {
    expect(errorPageContent(502)).toMatchObject({
      title: "Service Unavailable.",
      message: "The request could not be processed. Please try again later.",
      showGoHome: true,
    });
  });

  it("404", () => {
    expect(errorPageContent(404, "anything")).toMatchObject({
      title: "Error 404: Not Found.",
      message: "The page you're looking for is not available.",
      showGoHome: true,
    });
  });

  it("422 keeps the source's typo", () => {
    expect(errorPageContent(422)).toMatchObject({
      title: "Error 422: Validation Failed.",
      message: "The action could could be completed due to a validation failure.",
    });
  });

  it("503 has no Go Home link", () => {
    expect(errorPageContent(503)).toEqual({
      code: 503,
      title: "We'll Be Right Back!",
      message: "The API service is currently unavailable. Please try again in a few minutes.",
      showGoHome: false,
    });
  });

  it.each([500, -1, 403, 418])("%i shows the error's own message, else the generic one", (code) => {
    expect(errorPageContent(code, "Failed to find a nearest store")).toMatchObject({
      title: "Oops! Something Went Wrong.",
      message: "Failed to find a nearest store",
      showGoHome: true,
    });
    expect(errorPageContent(code)).toMatchObject({
      message: "An unexpected error occurred. Please try again later.",
    });
    expect(errorPageContent(code, "  ").message).toBe(
      "An unexpected error occurred. Please try again later.",
    );
  });

  it("429 has a title of its own and keeps the message that says when to try again", () => {
    expect(errorPageContent(429, "Please try again in 30 seconds.")).toEqual({
      code: 429,
      title: "Error 429: Too Many Requests.",
      message: "Please try again in 30 seconds.",
      showGoHome: true,
    });
  });

  it("the error classes' messages", () => {
    expect(ERROR_MESSAGES.apiUnavailable).toBe(
      "The API service is currently unavailable (it's likely being updated right now).",
    );
    expect(ERROR_MESSAGES.notFound).toBe("The requested page or resource could not be found.");
    expect(ERROR_MESSAGES.invalidStoreId).toBe("Invalid store ID provided in URL");
    expect(ERROR_MESSAGES.storeResolutionFailed).toBe(
      "The website and API failed to resolve a store.",
    );
    expect(ERROR_MESSAGES.nearestStoreNotFound).toBe("Failed to find a nearest store");
    expect(ERROR_MESSAGES.geolocationFailed).toBe(
      "Geolocation failed. A home store could not be determined.",
    );
    expect(ERROR_MESSAGES.startup).toBe(
      "There was a problem initializing the application. Please try again later.",
    );
  });
});

describe("errorPageDetail", () => {
  it("shows a specific message under a fixed page", () => {
    expect(errorPageDetail(404, "Invalid store ID provided in URL")).toBe(
      "Invalid store ID provided in URL",
    );
  });

  it("hides messages that restate the page, and adds nothing to pages that show the message already", () => {
    expect(errorPageDetail(404, "The page you're looking for is not available.")).toBeNull();
    expect(errorPageDetail(404, ERROR_MESSAGES.notFound)).toBeNull();
    expect(errorPageDetail(502, ERROR_MESSAGES.apiUnavailable)).toBeNull();
    expect(errorPageDetail(500, "Failed to find a nearest store")).toBeNull();
    expect(errorPageDetail(404, null)).toBeNull();
  });
});

describe("parseErrorCode (/oops?code=)", () => {
  it.each([
    [null, 500],
    ["", 500],
    ["404", 404],
    ["-1", -1],
    ["503", 503],
    ["abc", 500],
    ["99999", 500],
    ["4.5", 500],
  ])("%s → %i", (value, expected) => {
    expect(parseErrorCode(value)).toBe(expected);
  });
});

describe("httpStatusFor", () => {
  it("answers HTTP error codes as they are, anything else as 500", () => {
    expect(httpStatusFor(404)).toBe(404);
    expect(httpStatusFor(503)).toBe(503);
    expect(httpStatusFor(-1)).toBe(500);
    expect(httpStatusFor(200)).toBe(500);
  });
});
