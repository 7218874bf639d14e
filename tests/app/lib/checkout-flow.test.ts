import { describe, expect, it } from "vitest";
import {
  canPayOnline,
  checkoutStages,
  checkoutStep,
  guestCheckoutAllowed,
  onlinePaymentAllowed,
  onlinePaymentRequired,
  stepLine,
  type CheckoutInput,
  type CheckoutMoment,
  type CheckoutPath,
  type CheckoutStep,
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

describe("checkoutStep: the checkout's one navigation rule (spec §4)", () => {
  const gateway = department({ payment_gateway_enabled: true });
  const requiring = department({
    payment_gateway_enabled: true,
    remote_orders_require_online_payment: true,
  });
  const delivering = department({ payment_gateway_enabled: true, delivery_enabled: true });
  /** A guest's pickup order with its time chosen, without the order system. */
  const base: Omit<CheckoutInput, "at"> = {
    delivery: false,
    deliverySet: false,
    timeChosen: true,
    placed: false,
    authenticated: false,
    orderSystem: false,
    department: department(),
    hasCardAuthorization: false,
    cardAuthorizationFailed: false,
    refusal: null,
  };
  const signedIn = { authenticated: true, orderSystem: true };
  const stay: CheckoutStep = { kind: "stay" };
  const to = (path: CheckoutPath): CheckoutStep => ({ kind: "page", to: path });
  const signInThenDelivery: CheckoutStep = { kind: "sign-in", then: "/delivery-info" };
  const deliveryReady = {
    ...base,
    ...signedIn,
    delivery: true,
    deliverySet: true,
    department: delivering,
  };

  const rows: [string, CheckoutInput, CheckoutStep][] = [
    // A time saved on /fulfillment-time.
    [
      "time: a guest's delivery signs in, then its information",
      { ...base, at: "time-saved", delivery: true },
      signInThenDelivery,
    ],
    [
      "time: a signed-in delivery goes to its information",
      { ...base, ...signedIn, at: "time-saved", delivery: true, department: delivering },
      to("/delivery-info"),
    ],
    [
      "time: a delivery given but not paid goes to its information",
      { ...deliveryReady, at: "time-saved" },
      to("/delivery-info"),
    ],
    [
      "time: a delivery paid but not given goes to its information",
      { ...deliveryReady, at: "time-saved", deliverySet: false, hasCardAuthorization: true },
      to("/delivery-info"),
    ],
    [
      "time: a delivery given and paid goes back to the checkout",
      { ...deliveryReady, at: "time-saved", hasCardAuthorization: true },
      to("/checkout"),
    ],
    [
      "time: a guest checks out where guests may and without the order system",
      { ...base, at: "time-saved" },
      to("/checkout"),
    ],
    [
      "time: a guest signs in where the department needs it",
      {
        ...base,
        at: "time-saved",
        department: department({ remote_orders_require_authentication: true }),
      },
      to("/auth-request"),
    ],
    [
      "time: a guest signs in where the department needs online payment",
      {
        ...base,
        at: "time-saved",
        department: department({ remote_orders_require_online_payment: true }),
      },
      to("/auth-request"),
    ],
    [
      "time: a guest signs in with the order system (decision 011)",
      { ...base, at: "time-saved", orderSystem: true },
      to("/auth-request"),
    ],
    [
      "time: a guest without a department signs in",
      { ...base, at: "time-saved", department: null },
      to("/auth-request"),
    ],
    [
      "time: signed in, no online payment: the checkout",
      { ...base, at: "time-saved", authenticated: true },
      to("/checkout"),
    ],
    [
      "time: signed in, payment required but no order system: the checkout",
      { ...base, at: "time-saved", authenticated: true, department: requiring },
      to("/checkout"),
    ],
    [
      "time: signed in, online payment offered: the payment options",
      { ...base, ...signedIn, at: "time-saved", department: gateway },
      to("/payment-options"),
    ],
    [
      "time: signed in, online payment offered and paid: the checkout",
      { ...base, ...signedIn, at: "time-saved", department: gateway, hasCardAuthorization: true },
      to("/checkout"),
    ],
    [
      "time: signed in, online payment required: straight to the provider",
      { ...base, ...signedIn, at: "time-saved", department: requiring },
      { kind: "card-authorization", fallback: "/payment-options" },
    ],
    [
      "time: signed in, required, a start failed: the payment options say why",
      {
        ...base,
        ...signedIn,
        at: "time-saved",
        department: requiring,
        cardAuthorizationFailed: true,
      },
      to("/payment-options"),
    ],
    [
      "time: signed in, required and paid: the checkout",
      { ...base, ...signedIn, at: "time-saved", department: requiring, hasCardAuthorization: true },
      to("/checkout"),
    ],
    // A delivery's information saved on /delivery-info.
    [
      "delivery saved, not paid: the provider, else back to the information",
      { ...deliveryReady, at: "delivery-saved" },
      { kind: "card-authorization", fallback: "/delivery-info" },
    ],
    [
      "delivery saved, paid already: the checkout",
      { ...deliveryReady, at: "delivery-saved", hasCardAuthorization: true },
      to("/checkout"),
    ],
    // Arriving at /checkout (or posting Place Order).
    [
      "checkout: a placed order shows its confirmation",
      { ...base, at: "/checkout", placed: true, timeChosen: false },
      to("/confirmation"),
    ],
    [
      "checkout: without a time, choose one first",
      { ...base, at: "/checkout", timeChosen: false },
      to("/fulfillment-time"),
    ],
    [
      "checkout: a delivery without a time chooses one first",
      { ...deliveryReady, at: "/checkout", timeChosen: false, hasCardAuthorization: true },
      to("/fulfillment-time"),
    ],
    ["checkout: a guest where guests may order stays", { ...base, at: "/checkout" }, stay],
    [
      "checkout: who may enter is the guard's: a guest is never sent to pay",
      { ...base, at: "/checkout", orderSystem: true, department: requiring },
      stay,
    ],
    [
      "checkout: a guest where sign-in is needed is the guard's too",
      {
        ...base,
        at: "/checkout",
        department: department({ remote_orders_require_authentication: true }),
      },
      stay,
    ],
    [
      "checkout: a delivery without its information goes there",
      { ...deliveryReady, at: "/checkout", deliverySet: false },
      to("/delivery-info"),
    ],
    [
      "checkout: a delivery not paid goes to its information",
      { ...deliveryReady, at: "/checkout" },
      to("/delivery-info"),
    ],
    [
      "checkout: a delivery given and paid stays",
      { ...deliveryReady, at: "/checkout", hasCardAuthorization: true },
      stay,
    ],
    [
      "checkout: online payment required and not done: the payment options",
      { ...base, ...signedIn, at: "/checkout", department: requiring },
      to("/payment-options"),
    ],
    [
      "checkout: online payment required and done: stays",
      { ...base, ...signedIn, at: "/checkout", department: requiring, hasCardAuthorization: true },
      stay,
    ],
    [
      "checkout: payment required without the order system: stays",
      { ...base, at: "/checkout", authenticated: true, department: requiring },
      stay,
    ],
    [
      "checkout: online payment offered, not required: stays",
      { ...base, ...signedIn, at: "/checkout", department: gateway },
      stay,
    ],
    // Arriving at /payment-options.
    [
      "payment options: shown where online payment is allowed",
      { ...base, ...signedIn, at: "/payment-options", department: gateway },
      stay,
    ],
    [
      "payment options: shown when paid already (choose again)",
      {
        ...base,
        ...signedIn,
        at: "/payment-options",
        department: gateway,
        hasCardAuthorization: true,
      },
      stay,
    ],
    [
      "payment options: shown after a failed start (said there)",
      {
        ...base,
        ...signedIn,
        at: "/payment-options",
        department: gateway,
        cardAuthorizationFailed: true,
      },
      stay,
    ],
    [
      "payment options: without the order system, the checkout",
      { ...base, authenticated: true, at: "/payment-options", department: gateway },
      to("/checkout"),
    ],
    [
      "payment options: without a gateway, the checkout",
      { ...base, ...signedIn, at: "/payment-options" },
      to("/checkout"),
    ],
    [
      "payment options: a delivery not paid goes to its information",
      { ...deliveryReady, at: "/payment-options" },
      to("/delivery-info"),
    ],
    [
      "payment options: a delivery paid goes to the checkout",
      { ...deliveryReady, at: "/payment-options", hasCardAuthorization: true },
      to("/checkout"),
    ],
    // Arriving at /addresses (the billing address picker).
    [
      "addresses: shown where the shopper can pay online",
      { ...base, ...signedIn, at: "/addresses", department: gateway },
      stay,
    ],
    [
      "addresses: a pickup paid already may choose again",
      { ...base, ...signedIn, at: "/addresses", department: gateway, hasCardAuthorization: true },
      stay,
    ],
    ["addresses: a delivery not paid is shown", { ...deliveryReady, at: "/addresses" }, stay],
    [
      "addresses: a delivery paid already goes to the checkout",
      { ...deliveryReady, at: "/addresses", hasCardAuthorization: true },
      to("/checkout"),
    ],
    [
      "addresses: after a failed start, the payment options",
      {
        ...base,
        ...signedIn,
        at: "/addresses",
        department: gateway,
        cardAuthorizationFailed: true,
      },
      to("/payment-options"),
    ],
    [
      "addresses: a guest cannot pay online: the payment options",
      { ...base, orderSystem: true, at: "/addresses", department: gateway },
      to("/payment-options"),
    ],
    [
      "addresses: without online payment, the payment options",
      { ...base, ...signedIn, at: "/addresses" },
      to("/payment-options"),
    ],
    // Place Order refused by the API.
    [
      "refused, online payment required: the payment options",
      { ...base, at: "placement-refused", refusal: "online_payment_required" },
      to("/payment-options"),
    ],
    [
      "refused, the hold is too small: the payment options",
      { ...base, at: "placement-refused", refusal: "card_authorization_insufficient" },
      to("/payment-options"),
    ],
    [
      "refused, the hold changed: the payment options",
      { ...base, at: "placement-refused", refusal: "card_authorization_changed" },
      to("/payment-options"),
    ],
    [
      "refused for stock: stays, the form says why",
      { ...base, at: "placement-refused", refusal: "out_of_stock" },
      stay,
    ],
    ["refused without a code: stays", { ...base, at: "placement-refused" }, stay],
  ];

  it.each(rows)("%s", (_name, input, expected) => {
    expect(checkoutStep(input)).toEqual(expected);
  });

  it("has rows for every moment", () => {
    const moments = new Set(rows.map(([, input]) => input.at));
    const all: CheckoutMoment[] = [
      "time-saved",
      "delivery-saved",
      "/checkout",
      "/payment-options",
      "/addresses",
      "placement-refused",
    ];
    expect([...moments].sort()).toEqual([...all].sort());
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
