/**
 * /addresses, the billing address picker (spec §2; disabled in the spec, FEATURE_BILLING_ADDRESSES
 * here): the signed-in shopper's profile addresses, one of them chosen as the card's billing
 * address before the payment provider's page; '+ Add New Billing Address' is the identity
 * provider's address page (framed in a dialog with scripts, a page and back without).
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { ADDRESSES_RETURN_PATH } from "@core/contract/accounts";
import type { Order } from "./api";
import { startCardAuthorization } from "./payment-options";
import { checkoutStepFor, entryPath, stepLineFor } from "./checkout-flow";
import { orderParts } from "./order-parts";
import { ownOrigin } from "./csrf";
import { readIntent } from "./form-intent";
import { guardRoute } from "./route-guard";
import { redirectTo, type RequestArgs } from "./session";
import { ADDRESS_MESSAGES, addressLine, addressesRouteMeta } from "~/lib/addresses";
import { departmentPath } from "~/lib/listing";

/** The picker's post: the chosen address, by its place in the profile's list. */
const addressIntents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("pay"),
    address: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number)
      .optional(),
  }),
]);

/** The guard, then spec §2's "before entry": where the shopper goes instead, or null. */
async function enter(args: RequestArgs) {
  const { order } = await guardRoute(args, addressesRouteMeta);
  const { session } = args.context.shopper;
  const to = entryPath(checkoutStepFor(session, order, "/addresses"));
  return { order, session, to };
}

/** The storefront's own /addresses on the origin the shopper came to. */
function returnAddress(args: RequestArgs): string {
  const origin =
    ownOrigin(args.request.url, args.request.headers) ?? new URL(args.request.url).origin;
  return `${origin}${ADDRESSES_RETURN_PATH}`;
}

/** The provider's address page: a page and back (no scripts), or framed (`embedded=1`). */
function addressPageLinks(pageUrl: string | null, back: string) {
  if (!pageUrl || !URL.canParse(pageUrl)) return null;
  const page = new URL(pageUrl);
  page.searchParams.set("return", back);
  const framed = new URL(page);
  framed.searchParams.set("embedded", "1");
  return { href: page.href, frameSrc: framed.href, origin: page.origin };
}

function shopHref(order: Order): string {
  const { department, store } = orderParts(order);
  return department && store ? departmentPath(store.id, department.id) : "/";
}

export async function addressesPage(args: RequestArgs) {
  const { order, session, to } = await enter(args);
  if (to) throw redirectTo(to);
  const api = args.context.api;
  const { profile, addressPageUrl } = await api.getProfileWithAddressPage();
  return {
    step: stepLineFor(session, order, "payment"),
    addresses: profile.addresses.map((address, index) => ({
      value: String(index),
      line: addressLine(address),
    })),
    addressPage: addressPageLinks(addressPageUrl, returnAddress(args)),
    shopHref: shopHref(order),
  };
}

/** 'Continue to Payment': the authorization starts with the chosen address as billing address. */
export async function addressesPost(args: RequestArgs, form: FormData) {
  const { order, session, to } = await enter(args);
  if (to) return redirectTo(to, { status: 303 });
  const posted = readIntent(form, addressIntents);
  if (!posted) return data({ problem: ADDRESS_MESSAGES.choose }, { status: 400 });
  const api = args.context.api;
  const { addresses } = await api.getProfile();
  const chosen = posted.address === undefined ? undefined : addresses[posted.address];
  // A profile with addresses bills one of them; one that changed since the page was shown asks again.
  if (addresses.length > 0 && !chosen)
    return data({ problem: ADDRESS_MESSAGES.choose }, { status: 422 });
  const started = await startCardAuthorization(args, api, session, order, {
    billingAddress: chosen && {
      address_line_1: chosen.address_line_1,
      address_line_2: chosen.address_line_2,
      city: chosen.city,
      state: chosen.state,
      zip_code: chosen.zip_code,
    },
  });
  // A failed start is marked with its reason: the payment options say it, with 'Try Again'.
  return started.redirect ?? redirectTo("/payment-options", { status: 303 });
}
