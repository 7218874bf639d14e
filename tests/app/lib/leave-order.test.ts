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
    expect(departmentOfPath("/stores/12/departments")).toBeNull();
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
