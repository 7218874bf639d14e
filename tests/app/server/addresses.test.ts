/**
 * /addresses, the billing address picker (spec §2; FEATURE_BILLING_ADDRESSES): 'Pay Online' leads
 * there when the switch is on; 'Continue to Payment' starts the authorization with the chosen
 * profile address as billing address; the guards before entry (a failed authorization, a delivery
 * order already authorized) and the disabled route. The route's loader and action called
 * directly against a real API with the sandbox gateway, as the shopper's browser posts them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensureCsrfToken } from "~/.server/csrf";
import { type StorefrontSession } from "~/.server/session";
import { CSRF_FIELD } from "~/lib/csrf";
import { action as pickAddress, loader as showAddresses } from "~/routes/addresses";
import { action as choosePayment } from "~/routes/payment-options";
import { startTestApi, type TestApi } from "../../support/api";
import { addItem, newOrder, plainProduct, type PlainProduct } from "../../support/orders";
import { signedInKey, type TestUser } from "../../support/users";
import { shopperOf, testContext } from "../../support/storefront";

const switches = vi.hoisted(() => ({ billingAddresses: true }));
vi.mock("~/.server/config", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/.server/config")>();
  return {
    ...original,
    storefrontConfig: () => {
      const config = original.storefrontConfig();
      return {
        ...config,
        features: { ...config.features, billingAddresses: switches.billingAddresses },
      };
    },
  };
});

const SITE = "http://localhost";

let api: TestApi;
let product: PlainProduct;

beforeAll(async () => {
  api = await startTestApi({ sso: "sandbox", pay: "sandbox" });
  process.env.API_URL = api.url;
  process.env.SESSION_SECRET = "billing-addresses-test-secret";
  process.env.FEATURE_ORDER_SYSTEM = "1";
  product = await plainProduct(api, 0);
  await api.db.kysely
    .updateTable("departments")
    .set({ payment_gateway_enabled: 1, remote_orders_require_online_payment: 0 })
    .where("id", "=", product.department_id)
    .execute();
});
afterAll(async () => {
  await api?.close();
});
beforeEach(() => {
  switches.billingAddresses = true;
});

interface Shopper {
  key: string;
  orderId: number;
  user: TestUser;
}

const ADDRESSES = [
  { address_line_1: "12 Orchard Lane", city: "Albany", state: "NY", zip_code: "12203" },
  { address_line_1: "77 Harbor Road", city: "Troy", state: "NY", zip_code: "12180-1234" },
];

/** A signed-in shopper with a cart and these profile addresses. */
async function shopper(addresses = ADDRESSES): Promise<Shopper> {
  const { key, user } = await signedInKey(api);
  for (const address of addresses)
    await api.db.kysely
      .insertInto("user_addresses")
      .values({
        user_id: user.id,
        ...address,
        address_line_2: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  const order = await newOrder(api, product.department_id, key);
  expect((await addItem(api, order.id, product, 1, key)).status).toBe(201);
  return { key, orderId: order.id, user };
}

async function request(
  path: string,
  who: Shopper,
  init: { fields?: Record<string, string>; session?: (session: StorefrontSession) => void } = {},
) {
  const context = await testContext();
  const { session } = await shopperOf({ request: new Request(`${SITE}${path}`), context });
  session.set("apiKey", who.key);
  session.set("orderId", who.orderId);
  session.set("user", {
    id: who.user.id,
    email: who.user.email,
    firstName: "Robin",
    lastName: "Shopper",
    phone: null,
    cardNumber: null,
  });
  init.session?.(session);
  const req = init.fields
    ? new Request(`${SITE}${path}`, {
        method: "POST",
        body: new URLSearchParams({ ...init.fields, [CSRF_FIELD]: ensureCsrfToken(session) }),
        headers: { origin: SITE },
      })
    : new Request(`${SITE}${path}`);
  return { req, context, session };
}

/** Calls a loader or action; a thrown Response is the answer too. */
async function run(
  route: (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>,
  path: string,
  who: Shopper,
  init: Parameters<typeof request>[2] = {},
) {
  const { req, context, session } = await request(path, who, init);
  try {
    return { answer: await route({ request: req, context, params: {} } as never), session };
  } catch (thrown) {
    return { answer: thrown, session };
  }
}

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : ((answer as { init?: { status?: number } }).init?.status ?? 200);

async function billedAddress(who: Shopper) {
  const row = await api.db.kysely
    .selectFrom("card_authorizations")
    .select("billing_address")
    .where("order_id", "=", who.orderId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.billing_address ? JSON.parse(row.billing_address) : null;
}

describe("'Pay Online' on /payment-options", () => {
  it("with the switch on leads to /addresses, starting nothing yet", async () => {
    const who = await shopper();
    const { answer } = await run(choosePayment, "/payment-options", who, {
      fields: { intent: "pay-online" },
    });
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("location")).toBe("/addresses");
    expect(await billedAddress(who)).toBeNull();
  });

  it("with the switch off goes straight to the gateway, billing the profile's first address", async () => {
    switches.billingAddresses = false;
    const who = await shopper();
    const { answer } = await run(choosePayment, "/payment-options", who, {
      fields: { intent: "pay-online" },
    });
    expect((answer as Response).headers.get("location")).toMatch(/\/sandbox\/pay\//);
    expect(await billedAddress(who)).toMatchObject({ address_line_1: "12 Orchard Lane" });
  });
});

describe("/addresses", () => {
  it("lists the profile's addresses and the provider's address page with a return to /addresses", async () => {
    const who = await shopper();
    const { answer } = await run(showAddresses, "/addresses", who);
    const page = answer as {
      addresses: { value: string; line: string }[];
      addressPage: { href: string; frameSrc: string; origin: string } | null;
    };
    expect(page.addresses).toEqual([
      { value: "0", line: "12 Orchard Lane, Albany, NY 12203" },
      { value: "1", line: "77 Harbor Road, Troy, NY 12180-1234" },
    ]);
    const href = new URL(page.addressPage!.href);
    expect(href.origin + href.pathname).toBe(`${api.origin}/sandbox/sso/profile/addresses`);
    expect(href.searchParams.get("return")).toBe(`${SITE}/addresses`);
    expect(new URL(page.addressPage!.frameSrc).searchParams.get("embedded")).toBe("1");
    expect(page.addressPage!.origin).toBe(api.origin);
  });

  it("'Continue to Payment' bills the chosen address and sends the shopper to the gateway", async () => {
    const who = await shopper();
    const { answer } = await run(pickAddress, "/addresses", who, {
      fields: { intent: "pay", address: "1" },
    });
    expect(statusOf(answer)).toBe(303);
    expect((answer as Response).headers.get("location")).toMatch(/\/sandbox\/pay\//);
    expect((answer as Response).headers.get("x-remix-reload-document")).toBe("true");
    expect(await billedAddress(who)).toMatchObject({
      address_line_1: "77 Harbor Road",
      city: "Troy",
      state: "NY",
      zip_code: "12180-1234",
    });
  });

  it("a profile without addresses still goes on (the gateway's page asks)", async () => {
    const who = await shopper([]);
    const { answer: page } = await run(showAddresses, "/addresses", who);
    expect((page as { addresses: unknown[] }).addresses).toEqual([]);
    const { answer } = await run(pickAddress, "/addresses", who, { fields: { intent: "pay" } });
    expect((answer as Response).headers.get("location")).toMatch(/\/sandbox\/pay\//);
    expect(await billedAddress(who)).toBeNull();
  });

  it("answers an address that is not the profile's, or a post it cannot read, on the page: never a 500, nothing started", async () => {
    const who = await shopper();
    // A post it can read but whose address is not the profile's is 422; one it cannot read, 400.
    for (const [fields, status] of [
      [{ intent: "pay", address: "7" }, 422],
      [{ intent: "pay", address: "-1" }, 400],
      [{ intent: "pay", address: "x".repeat(500) }, 400],
      [{ intent: "pay" }, 422],
      [{ intent: "other" }, 400],
      [{}, 400],
    ] as [Record<string, string>, number][]) {
      const { answer } = await run(pickAddress, "/addresses", who, { fields });
      expect(statusOf(answer), JSON.stringify(fields)).toBe(status);
      expect((answer as { data: { problem: string } }).data.problem).toBe(
        "Choose one of your billing addresses.",
      );
    }
    expect(await billedAddress(who)).toBeNull();
  });

  it("before entry: a failed authorization goes to the payment options, which say why", async () => {
    const who = await shopper();
    for (const route of [showAddresses, pickAddress]) {
      const { answer } = await run(route, "/addresses", who, {
        fields: route === pickAddress ? { intent: "pay", address: "0" } : undefined,
        session: (session) => session.set("cardAuthorizationFailed", "gateway"),
      });
      expect((answer as Response).headers.get("location")).toBe("/payment-options");
    }
    expect(await billedAddress(who)).toBeNull();
  });

  it("is the disabled route's 404 page with the switch off", async () => {
    switches.billingAddresses = false;
    const who = await shopper();
    const { answer } = await run(showAddresses, "/addresses", who);
    expect(statusOf(answer)).toBe(404);
    expect(JSON.stringify((answer as { data: unknown }).data)).toContain(
      "The page you're looking for is not available.",
    );
  });

  it("needs a signed-in shopper and an order", async () => {
    const who = await shopper();
    const guest = await run(showAddresses, "/addresses", who, {
      session: (session) => session.unset("user"),
    });
    expect(statusOf(guest.answer)).toBe(302);
    const noOrder = await run(showAddresses, "/addresses", who, {
      session: (session) => session.unset("orderId"),
    });
    expect(statusOf(noOrder.answer)).toBe(400);
  });
});
