/**
 * The coupon offer on /confirmation (spec §2, §4 'Coupon', §6, §7, §8): the page's loader and its
 * 'Load To Card' post called directly against a real API on a test database, as a shopper's
 * browser would call them (the session holds a key bound to a user, posts carry the CSRF token).
 * What is asserted is what the shopper would notice: what the offer says, and the §8 message for
 * each way the API answers a load.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponRefusal } from "~/.server/api/refusals";
import type { StorefrontSession } from "~/.server/session";
import {
  COUPON_ALREADY_LOADED,
  COUPON_INTENT,
  COUPON_LOAD_FAILED,
  COUPON_REDIRECT_FIELD,
  type CouponOfferView,
} from "~/lib/coupons";
import { action, loader } from "~/routes/confirmation";
import type { TestApi } from "../../support/api";
import { placedOrderOf, plainProducts, type PlainProduct } from "../../support/orders";
import {
  postForm,
  shopperSession,
  SITE,
  startStorefrontApi,
  testContext,
} from "../../support/storefront";
import { newUser, signedInKey, type TestUser } from "../../support/users";

let api: TestApi;
let product: PlainProduct;
let cardSequence = 0;

beforeAll(async () => {
  api = await startStorefrontApi("coupon-offer-test-secret", { FEATURE_COUPONS: "1" });
  product = (await plainProducts(api))[0]!;
  // The department offers coupons for orders made on the website (the storefront's source).
  await sources('["website"]');
});
afterAll(async () => {
  await api?.close();
});

function sources(list: string) {
  return api.db.kysely
    .updateTable("departments")
    .set({ order_sources_with_coupon_code: list })
    .where("id", "=", product.department_id)
    .execute();
}

interface Shopper {
  key: string;
  user: TestUser;
  /** The club card the session knows (null: none, or a guest). */
  cardNumber: string | null;
  signedIn: boolean;
}

/** A new shopper of their own: a club member (a card of their own) unless told otherwise. */
async function shopper({ card = true, signedIn = true } = {}): Promise<Shopper> {
  const cardNumber = card ? `44000${String(++cardSequence).padStart(8, "0")}` : null;
  const { key, user } = await signedInKey(api, await newUser(api, { card_number: cardNumber }));
  return { key, user, cardNumber, signedIn };
}

const placedOrder = (who: Shopper) => placedOrderOf(api, who.key, product, 1);

/** The session the browser's cookie would bring: the key, the order, the person when signed in. */
async function sessionFor(who: Shopper, orderId: number, context: Record<string, unknown>) {
  const session = await shopperSession("/confirmation", context, who, who.signedIn);
  session.set("orderId", orderId);
  return session;
}

/** What the page's loader offers; `kept` carries the session of an earlier post along. */
async function offerOf(who: Shopper, orderId: number, kept?: StorefrontSession) {
  const context = await testContext();
  const session = await sessionFor(who, orderId, context);
  const loaded = kept?.get("couponLoaded");
  if (loaded) session.set("couponLoaded", loaded);
  const args = { request: new Request(`${SITE}/confirmation`), context, params: {} };
  const page = (await loader(args as LoaderFunctionArgs)) as { coupon: CouponOfferView | null };
  return page.coupon;
}

/** 'Load To Card' posted for an offer's fields; without JavaScript unless `script`. */
async function load(
  who: Shopper,
  orderId: number,
  fields: { coupon_id: string; clip_token: string },
  { script = false } = {},
) {
  const context = await testContext();
  const session = await sessionFor(who, orderId, context);
  const answer = await postForm(action, {
    path: "/confirmation",
    context,
    session,
    fields: {
      intent: COUPON_INTENT,
      ...fields,
      ...(script ? {} : { [COUPON_REDIRECT_FIELD]: "1" }),
    },
  });
  return { ...answer, session };
}

/** The offer's post fields, from an offer the page shows with 'Load To Card'. */
function postedFor(offer: CouponOfferView | null) {
  if (offer?.state !== "offered" || offer.access !== "load")
    throw new Error(`no Load To Card offer: ${JSON.stringify(offer)}`);
  return { coupon_id: offer.coupon.coupon_id, clip_token: offer.clipToken };
}

describe("what the offer shows", () => {
  it("'Load To Card' to a club member, the sign-in to a guest, what is missing without a card", async () => {
    const member = await shopper();
    expect(await offerOf(member, await placedOrder(member))).toMatchObject({
      state: "offered",
      access: "load",
      coupon: { coupon_id: expect.any(String), brand_name: expect.any(String) },
    });

    const guest = await shopper({ card: false, signedIn: false });
    expect(await offerOf(guest, await placedOrder(guest))).toMatchObject({
      state: "offered",
      access: "sign-in",
    });

    const noCard = await shopper({ card: false });
    expect(await offerOf(noCard, await placedOrder(noCard))).toMatchObject({
      state: "offered",
      access: "no-card",
    });
  });

  it("nothing for an order whose source the department does not list", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    await sources('["app"]');
    try {
      expect(await offerOf(member, orderId)).toBeNull();
    } finally {
      await sources('["website"]');
    }
  });
});

describe("Load To Card", () => {
  it("loads the coupon: back to the page (no script), which says 'Loaded!' on it", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    const offer = await offerOf(member, orderId);
    const posted = postedFor(offer);

    const answer = await load(member, orderId, posted);
    expect(answer).toMatchObject({ status: 303, location: "/confirmation" });
    expect(await offerOf(member, orderId, answer.session)).toEqual({
      state: "loaded",
      coupon: offer!.coupon,
    });
    // The next order's offer is another coupon: the loaded one is on the card.
    const next = await offerOf(member, await placedOrder(member));
    expect(next?.coupon.coupon_id).not.toBe(posted.coupon_id);
  });

  it("with scripts, answers 'loaded' for the fetcher", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    const answer = await load(member, orderId, postedFor(await offerOf(member, orderId)), {
      script: true,
    });
    expect(answer).toMatchObject({ status: 200, body: { coupon: "loaded" } });
    expect((await offerOf(member, orderId, answer.session))?.state).toBe("loaded");
  });

  it("the same coupon again (a page open twice): 'Sorry, this coupon was already loaded to your card.'", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    const posted = postedFor(await offerOf(member, orderId));
    expect((await load(member, orderId, posted)).status).toBe(303);

    const again = await load(member, orderId, posted, { script: true });
    expect(again).toMatchObject({
      status: 422,
      body: { coupon: "failed", message: COUPON_ALREADY_LOADED },
    });
    expect((await offerOf(member, orderId, again.session))?.state).toBe("offered");
  });

  it("a forged offer: 'Sorry, there was a problem loading this coupon.'", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    const posted = postedFor(await offerOf(member, orderId));
    const answer = await load(member, orderId, { ...posted, clip_token: "0".repeat(32) });
    expect(answer).toMatchObject({
      status: 422,
      body: { coupon: "failed", message: COUPON_LOAD_FAILED },
    });
  });

  it("the API failing: 'Sorry, there was a problem loading this coupon.'", async () => {
    const member = await shopper();
    const orderId = await placedOrder(member);
    const posted = postedFor(await offerOf(member, orderId));
    // The API's coupons away for a moment: it answers the load with a 500.
    await api.db.kysely.schema.alterTable("coupons").renameTo("coupons_away").execute();
    let answer: Awaited<ReturnType<typeof load>>;
    try {
      answer = await load(member, orderId, posted);
    } finally {
      await api.db.kysely.schema.alterTable("coupons_away").renameTo("coupons").execute();
    }
    expect(answer).toMatchObject({
      status: 502,
      body: { coupon: "failed", message: COUPON_LOAD_FAILED },
    });
  });

  it("a guest's post (no card to load to) loads nothing", async () => {
    const guest = await shopper({ card: false, signedIn: false });
    const orderId = await placedOrder(guest);
    const offer = await offerOf(guest, orderId);
    const answer = await load(guest, orderId, {
      coupon_id: offer!.coupon.coupon_id,
      clip_token: "0".repeat(32),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { coupon: "failed", message: COUPON_LOAD_FAILED },
    });
  });

  it("reads the refusal by its code: only `coupon_already_loaded` is 'already loaded'", () => {
    expect(couponRefusal("coupon_already_loaded")).toBe(COUPON_ALREADY_LOADED);
    for (const code of ["coupon_offer_invalid", "invalid", "server_error", "not_found"] as const)
      expect(couponRefusal(code)).toBe(COUPON_LOAD_FAILED);
  });
});
