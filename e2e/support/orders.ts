/**
 * A shopper's order made through the API with the shopper's own key, and the session cookie that
 * puts a browser on it (sealed as the server seals it): a cart, a chosen pickup time, a placed
 * order, without walking the pages that make them.
 */
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { newApiKey } from "./api";
import { CurlShopper, pageText } from "./curl";
import { openSessionCookie, sealSession, SESSION_COOKIE, type ShopperSession } from "./session";
import { chooseTimeThroughApi, placeThroughApi } from "./start";

type Answer = Awaited<ReturnType<APIRequestContext["get"]>>;

async function dataOf<T>(answer: Answer): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

export interface ApiOrder {
  apiKey: string;
  orderId: number;
  itemId: number;
}

/** A new cart in the department with one of `productId`, under `apiKey` (a new guest's if none). */
export async function cartOrder(
  request: APIRequestContext,
  departmentId: number,
  productId: number,
  apiKey?: string,
): Promise<ApiOrder> {
  const key = apiKey ?? (await newApiKey(request));
  const added = await dataOf<{ data: { id: number; order_id: number } }>(
    await request.post("/api/1/items", {
      headers: { authorization: `Bearer ${key}` },
      data: {
        product_id: productId,
        quantity: 1,
        preferences: [],
        department_id: departmentId,
        source: "website",
      },
    }),
  );
  return { apiKey: key, orderId: added.data.order_id, itemId: added.data.id };
}

const byKey = (order: ApiOrder) => ({ authorization: `Bearer ${order.apiKey}` });

/** A pickup time a day or more ahead (so the store has not started it), and the customer. */
export const choosePickup = (request: APIRequestContext, order: ApiOrder) =>
  chooseTimeThroughApi(request, byKey(order), order.orderId);

/** Places the order (its pickup time chosen first). Answers its number. */
export const placeOrder = (request: APIRequestContext, order: ApiOrder) =>
  placeThroughApi(request, byKey(order), order.orderId);

/** The browser's session becomes `session` (a key and the working order, and what else it holds). */
export async function useSession(
  context: BrowserContext,
  baseURL: string,
  session: ShopperSession & Record<string, unknown>,
): Promise<void> {
  await context.addCookies([
    {
      name: SESSION_COOKIE,
      value: sealSession(session),
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/**
 * A shopper of the caller's alone, registered at the sign-in provider over HTTP (the storefront's
 * Sign In, 'Create an account', back signed in): the session data the storefront then holds,
 * its signed-in API key among them.
 */
export async function registeredShopperSession(
  baseURL: string,
  firstName = "Lee",
): Promise<ShopperSession & Record<string, unknown> & { apiKey: string }> {
  const shopper = new CurlShopper(baseURL);
  let page = await shopper.press(await shopper.get("/"), "Sign In");
  page = await shopper.follow(page, "Create an account");
  page = await shopper.press(page, "Create account and sign in", {
    given_name: firstName,
    family_name: "Shopper",
    email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: "e2e-password-1",
  });
  expect(pageText(page)).toContain(`Hi, ${firstName}`);
  const session = openSessionCookie(shopper.cookies().get(SESSION_COOKIE) ?? "");
  const apiKey = session.apiKey;
  if (!apiKey) throw new Error("the sign-in left no API key in the session");
  return { ...session, apiKey };
}
