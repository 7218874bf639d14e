import { describe, expect, it } from "vitest";
import {
  canPayOnline,
  checkoutEntryRedirect,
  checkoutStages,
  guestCheckoutAllowed,
  nextStepAfterPickupTime,
  paymentOptionsEntryRedirect,
  onlinePaymentAllowed,
  onlinePaymentRequired,
  stepLine,
  type AfterPickupTimeInput,
  type DepartmentCheckoutRules,
} from "~/lib/checkout-flow";

const department = (changes: Partial<DepartmentCheckoutRules> = {}): DepartmentCheckoutRules => ({
  payment_gateway_enabled: false,
  remote_orders_require_online_payment: false,
  remote_orders_require_authentication: false,
  delivery_enabled: false,
  ...changes,
});

describe("guestCheckoutAllowed (spec §5)", () => {
  it("allows guests where the department needs neither sign-in nor online payment", () => {
    expect(guestCheckoutAllowed(department())).toBe(true);
    expect(guestCheckoutAllowed(department({ payment_gateway_enabled: true }))).toBe(true);
  });
  it("refuses guests when the department requires authentication or online payment", () => {
    expect(guestCheckoutAllowed(department({ remote_orders_require_authentication: true }))).toBe(
      false,
    );
    expect(guestCheckoutAllowed(department({ remote_orders_require_online_payment: true }))).toBe(
      false,
    );
  });
  it("refuses without a department", () => {
    expect(guestCheckoutAllowed(null)).toBe(false);
  });
});

describe("online payment (spec §5)", () => {
  const gateway = department({ payment_gateway_enabled: true });
  it("is allowed with the integration and a department whose gateway is enabled", () => {
    expect(onlinePaymentAllowed(true, gateway)).toBe(true);
    expect(onlinePaymentAllowed(false, gateway)).toBe(false);
    expect(onlinePaymentAllowed(true, department())).toBe(false);
    expect(onlinePaymentAllowed(true, null)).toBe(false);
  });
  it("is required only when allowed and the department requires it for remote orders", () => {
    const requiring = department({
      payment_gateway_enabled: true,
      remote_orders_require_online_payment: true,
    });
    expect(onlinePaymentRequired(true, requiring)).toBe(true);
    expect(onlinePaymentRequired(false, requiring)).toBe(false);
    expect(onlinePaymentRequired(true, { ...requiring, payment_gateway_enabled: false })).toBe(
      false,
    );
    expect(onlinePaymentRequired(true, gateway)).toBe(false);
  });
  it("a shopper pays online when signed in, allowed and no authorization failed", () => {
    expect(
      canPayOnline({
        authenticated: true,
        onlinePaymentAllowed: true,
        cardAuthorizationFailed: false,
      }),
    ).toBe(true);
    expect(
      canPayOnline({
        authenticated: false,
        onlinePaymentAllowed: true,
        cardAuthorizationFailed: false,
      }),
    ).toBe(false);
    expect(
      canPayOnline({
        authenticated: true,
        onlinePaymentAllowed: false,
        cardAuthorizationFailed: false,
      }),
    ).toBe(false);
    expect(
      canPayOnline({
        authenticated: true,
        onlinePaymentAllowed: true,
        cardAuthorizationFailed: true,
      }),
    ).toBe(false);
  });
});

describe("nextStepAfterPickupTime (spec §4)", () => {
  const base: AfterPickupTimeInput = {
    delivery: false,
    authenticated: false,
    orderSystem: false,
    department: department(),
    hasCardAuthorization: false,
    cardAuthorizationFailed: false,
  };
  const gateway = department({ payment_gateway_enabled: true });
  const requiring = department({
    payment_gateway_enabled: true,
    remote_orders_require_online_payment: true,
  });

  it("a delivery order signs in, then goes to the delivery information", () => {
    expect(nextStepAfterPickupTime({ ...base, delivery: true })).toEqual({
      kind: "sign-in",
      then: "/delivery-info",
    });
    expect(nextStepAfterPickupTime({ ...base, delivery: true, authenticated: true })).toEqual({
      kind: "sign-in",
      then: "/delivery-info",
    });
  });

  it("a guest goes to checkout when guest checkout is allowed and the integration is absent", () => {
    expect(nextStepAfterPickupTime(base)).toEqual({ kind: "page", to: "/checkout" });
  });

  it("a guest is asked to sign in when the department needs it, or the integration is present", () => {
    expect(
      nextStepAfterPickupTime({
        ...base,
        department: department({ remote_orders_require_authentication: true }),
      }),
    ).toEqual({
      kind: "page",
      to: "/auth-request",
    });
    expect(
      nextStepAfterPickupTime({
        ...base,
        department: department({ remote_orders_require_online_payment: true }),
      }),
    ).toEqual({
      kind: "page",
      to: "/auth-request",
    });
    expect(nextStepAfterPickupTime({ ...base, orderSystem: true })).toEqual({
      kind: "page",
      to: "/auth-request",
    });
    expect(nextStepAfterPickupTime({ ...base, department: null })).toEqual({
      kind: "page",
      to: "/auth-request",
    });
  });

  it("a signed-in shopper without online payment goes to checkout", () => {
    expect(nextStepAfterPickupTime({ ...base, authenticated: true })).toEqual({
      kind: "page",
      to: "/checkout",
    });
    expect(
      nextStepAfterPickupTime({
        ...base,
        authenticated: true,
        orderSystem: false,
        department: requiring,
      }),
    ).toEqual({
      kind: "page",
      to: "/checkout",
    });
  });

  it("online payment allowed but not required: checkout with an authorization, else payment options", () => {
    const input = { ...base, authenticated: true, orderSystem: true, department: gateway };
    expect(nextStepAfterPickupTime(input)).toEqual({ kind: "page", to: "/payment-options" });
    expect(nextStepAfterPickupTime({ ...input, hasCardAuthorization: true })).toEqual({
      kind: "page",
      to: "/checkout",
    });
  });

  it("online payment required: the gateway flow, or the payment options (which say why and offer another try) when it failed", () => {
    const input = { ...base, authenticated: true, orderSystem: true, department: requiring };
    expect(nextStepAfterPickupTime(input)).toEqual({
      kind: "card-authorization",
      fallback: "/payment-options",
    });
    expect(nextStepAfterPickupTime({ ...input, cardAuthorizationFailed: true })).toEqual({
      kind: "page",
      to: "/payment-options",
    });
    // Authorized already (the time changed afterwards): nothing to pay again.
    expect(nextStepAfterPickupTime({ ...input, hasCardAuthorization: true })).toEqual({
      kind: "page",
      to: "/checkout",
    });
  });
});

describe("paymentOptionsEntryRedirect (spec §4 payment options entry)", () => {
  const gateway = department({ payment_gateway_enabled: true });
  const base = {
    delivery: false,
    orderSystem: true,
    department: gateway,
    hasCardAuthorization: false,
  };
  it("shows the choice where online payment is allowed (a failed start is said there)", () => {
    expect(paymentOptionsEntryRedirect(base)).toBeNull();
    expect(paymentOptionsEntryRedirect({ ...base, hasCardAuthorization: true })).toBeNull();
  });
  it("sends to checkout where online payment is not allowed", () => {
    expect(paymentOptionsEntryRedirect({ ...base, orderSystem: false })).toBe("/checkout");
    expect(paymentOptionsEntryRedirect({ ...base, department: department() })).toBe("/checkout");
  });
  it("sends a delivery order to checkout once authorized, else to its delivery info", () => {
    expect(paymentOptionsEntryRedirect({ ...base, delivery: true })).toBe("/delivery-info");
    expect(
      paymentOptionsEntryRedirect({ ...base, delivery: true, hasCardAuthorization: true }),
    ).toBe("/checkout");
  });
});

describe("checkoutEntryRedirect (spec §4 payment options entry)", () => {
  const base = {
    delivery: false,
    deliverySet: false,
    authenticated: false,
    orderSystem: false,
    department: department(),
    hasCardAuthorization: false,
  };
  it("lets a guest in where guests may order", () => {
    expect(checkoutEntryRedirect(base)).toBeNull();
  });
  it("leaves who may enter to the route guard: a guest is never sent to payment options", () => {
    const requiring = department({
      payment_gateway_enabled: true,
      remote_orders_require_online_payment: true,
    });
    expect(checkoutEntryRedirect({ ...base, orderSystem: true, department: requiring })).toBeNull();
    expect(
      checkoutEntryRedirect({
        ...base,
        department: department({ remote_orders_require_authentication: true }),
      }),
    ).toBeNull();
  });
  it("sends a delivery order to its delivery information until it is given and the card authorized", () => {
    const delivering = department({ payment_gateway_enabled: true, delivery_enabled: true });
    const input = {
      ...base,
      delivery: true,
      authenticated: true,
      orderSystem: true,
      department: delivering,
    };
    expect(checkoutEntryRedirect(input)).toBe("/delivery-info");
    expect(checkoutEntryRedirect({ ...input, deliverySet: true })).toBe("/delivery-info");
    expect(
      checkoutEntryRedirect({ ...input, deliverySet: true, hasCardAuthorization: true }),
    ).toBeNull();
  });
  it("sends to payment options when online payment is required and not done", () => {
    const requiring = department({
      payment_gateway_enabled: true,
      remote_orders_require_online_payment: true,
    });
    const input = { ...base, authenticated: true, orderSystem: true, department: requiring };
    expect(checkoutEntryRedirect(input)).toBe("/payment-options");
    expect(checkoutEntryRedirect({ ...input, hasCardAuthorization: true })).toBeNull();
    expect(checkoutEntryRedirect({ ...input, orderSystem: false })).toBeNull();
  });
});

describe("the step line's stages", () => {
  const gateway = department({ payment_gateway_enabled: true });
  const stages = (changes: Partial<Parameters<typeof checkoutStages>[0]> = {}) =>
    checkoutStages({
      delivery: false,
      authenticated: true,
      orderSystem: true,
      department: gateway,
      ...changes,
    });

  it("counts the payment choice for a pickup a signed-in shopper can pay online", () => {
    expect(stages()).toEqual(["cart", "time", "payment", "review"]);
    expect(stepLine("time", stages())).toBe("Step 2 of 4");
    expect(stepLine("payment", stages())).toBe("Step 3 of 4");
    expect(stepLine("review", stages())).toBe("Step 4 of 4");
  });

  it("counts the delivery details instead for a delivery", () => {
    expect(stages({ delivery: true })).toEqual(["cart", "time", "delivery", "review"]);
    expect(stepLine("delivery", stages({ delivery: true }))).toBe("Step 3 of 4");
  });

  it("leaves payment out where it cannot be paid online or a guest may check out as one", () => {
    expect(stages({ orderSystem: false })).toEqual(["cart", "time", "review"]);
    expect(stages({ department: department() })).toEqual(["cart", "time", "review"]);
    expect(stages({ authenticated: false })).toEqual(["cart", "time", "review"]);
    expect(stepLine("review", stages({ authenticated: false }))).toBe("Step 3 of 3");
    // A guest who must sign in first will be asked to pay: the stage is counted already.
    const signInFirst = department({
      payment_gateway_enabled: true,
      remote_orders_require_authentication: true,
    });
    expect(stages({ authenticated: false, department: signInFirst })).toEqual([
      "cart",
      "time",
      "payment",
      "review",
    ]);
  });
});
