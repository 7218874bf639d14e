import { describe, expect, it } from "vitest";
import {
  DELIVERY_NOT_ALLOWED,
  deliveryAllowed,
  departmentDelivers,
  productsDeliverable,
  type DeliveryDepartment,
} from "@core/rules/delivery-allowed";

const delivering: DeliveryDepartment = { delivery_enabled: true, payment_gateway_enabled: true };

describe("deliveryAllowed (spec §5)", () => {
  it("needs the integration, online payment, a delivering department and deliverable products", () => {
    expect(deliveryAllowed(true, delivering, [{ deliverable: true }, {}])).toBe(true);
    expect(deliveryAllowed(false, delivering, [{ deliverable: true }])).toBe(false);
    expect(deliveryAllowed(true, { ...delivering, payment_gateway_enabled: false }, [])).toBe(
      false,
    );
    expect(deliveryAllowed(true, { ...delivering, delivery_enabled: false }, [])).toBe(false);
    expect(deliveryAllowed(true, null, [])).toBe(false);
  });
  it("one product that is not deliverable rules delivery out; unspecified counts as yes", () => {
    expect(deliveryAllowed(true, delivering, [{ deliverable: true }, { deliverable: false }])).toBe(
      false,
    );
    expect(deliveryAllowed(true, delivering, [{ deliverable: null }, undefined, null])).toBe(true);
    expect(deliveryAllowed(true, delivering, [])).toBe(true);
  });
});

describe("the halves the API asks (it is the order system)", () => {
  it("a department delivers only with delivery on and online payment", () => {
    expect(departmentDelivers(delivering)).toBe(true);
    expect(departmentDelivers({ ...delivering, delivery_enabled: false })).toBe(false);
    expect(departmentDelivers({ ...delivering, payment_gateway_enabled: false })).toBe(false);
  });
  it("products are deliverable unless one says it is not", () => {
    expect(productsDeliverable([{ deliverable: true }, { deliverable: true }])).toBe(true);
    expect(productsDeliverable([{ deliverable: true }, { deliverable: false }])).toBe(false);
    expect(productsDeliverable([{}, null, undefined, { deliverable: null }])).toBe(true);
  });
});

describe("its refusal", () => {
  it("is the spec's words, on the delivery pages and at the API", () => {
    expect(DELIVERY_NOT_ALLOWED).toBe("This department does not allow order delivery.");
  });
});
