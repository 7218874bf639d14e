import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../api/db/unavailable";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises a database that is away: terminated, refusing, restarting, busy", () => {
    for (const error of [
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006"),
      withCode("ECONNREFUSED"),
      withCode("SQLITE_BUSY", "database is locked"),
      new Error("Connection terminated unexpectedly"),
      withCode("55000", 'database "x" is not currently accepting connections'),
      new Error("outer", { cause: withCode("ECONNRESET") }),
    ])
      expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("leaves real bugs to be 500s", () => {
    for (const error of [
      withCode("42703", 'column "nope" does not exist'),
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("SQLITE_CONSTRAINT_UNIQUE"),
      new TypeError("Cannot read properties of undefined"),
      "a string",
      null,
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
