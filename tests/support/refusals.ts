import { expect } from "vitest";
import { ApiErrorBodySchema, type ApiErrorCode } from "@core/contract/errors";

/** The answer is an error body of the contract with this status and code; answers the body. */
export async function expectRefusal(res: Response, status: number, code: ApiErrorCode) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = ApiErrorBodySchema.parse(JSON.parse(text));
  expect(body.code).toBe(code);
  return body;
}
