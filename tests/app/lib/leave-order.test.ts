import { describe, expect, it } from "vitest";
import { abandonsOrder, askToLeaveHref, departmentOfPath } from "~/lib/leave-order";

describe("which places abandon the working order (spec §4)", () => {
  it("home and another department's pages do", () => {
    expect(abandonsOrder("/", 3)).toBe(true);
    expect(abandonsOrder("/?x=1", 3)).toBe(true);
    expect(abandonsOrder("/stores/1/departments/4", 3)).toBe(true);
    expect(abandonsOrder("/stores/2/departments/4/products/9?item=1", 3)).toBe(true);
  });

  it("the order's own department, the departments list and other pages do not", () => {
    expect(abandonsOrder("/stores/1/departments/3/categories/7", 3)).toBe(false);
    expect(abandonsOrder("/stores/1/departments", 3)).toBe(false);
    expect(abandonsOrder("/stores/1/departments/31", 31)).toBe(false);
    expect(abandonsOrder("/cart", 3)).toBe(false);
    expect(abandonsOrder("/stores", 3)).toBe(false);
  });

  it("reads a department page's store and department", () => {
    expect(departmentOfPath("/stores/12/departments/5/products/1")).toEqual({
      storeId: 12,
      departmentId: 5,
    });
    expect(departmentOfPath("/stores/12/departments/5x")).toBeNull();
    expect(departmentOfPath("/stores/12/departments/05")).toEqual({ storeId: 12, departmentId: 5 });
    expect(departmentOfPath("/stores/12/departments")).toBeNull();
  });
});

describe("ids as the routes read them (core/rules/ids)", () => {
  it("takes every id a route takes, up to 2^31 - 1, and no larger", () => {
    expect(departmentOfPath("/stores/1234567890/departments/2147483647")).toEqual({
      storeId: 1234567890,
      departmentId: 2147483647,
    });
    expect(abandonsOrder("/stores/1/departments/1234567890", 3)).toBe(true);
    expect(departmentOfPath("/stores/1/departments/2147483648")).toBeNull();
    expect(departmentOfPath("/stores/99999999999/departments/4")).toBeNull();
    expect(abandonsOrder("/stores/1/departments/99999999999", 3)).toBe(false);
  });
});

describe("the question's URL", () => {
  it("opens the dialog over the page the shopper was on, keeping its query", () => {
    expect(askToLeaveHref("/stores/1/departments/3?query=ham", "/stores/1/departments/4")).toBe(
      "/stores/1/departments/3?query=ham&dialog=leave-order&leave-to=%2Fstores%2F1%2Fdepartments%2F4",
    );
    expect(askToLeaveHref("/cart?dialog=old", "/")).toBe("/cart?dialog=leave-order&leave-to=%2F");
  });
});
