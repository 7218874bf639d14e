/**
 * The root loader's work: everything the shell shows on every page. Start-up (device registration
 * and the brand) failing is the start-up error page (502 when the API is unreachable); the current
 * store and the cart are optional extras that never fail the page.
 */
import { parseId } from "@core/rules/ids";
import { isIncomplete } from "@core/rules/order-status";
import { data } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { ERROR_MESSAGES } from "~/lib/error-catalogue";
import { isLite } from "~/lib/lite-mode";
import { productTitle } from "~/lib/page-title";
import type { ShellData } from "~/lib/shell-data";
import { ApiError, ApiNotFoundError, ApiUnavailableError, type StorefrontApi } from "./api";
import { SSO_RETURN_PATH } from "@core/contract/accounts";
import { storefrontConfig } from "./config";
import { ensureCsrfToken } from "./csrf";
import { describeError, logError, logWarning } from "./log";
import { forgetOrder, type RequestArgs, type ShopperState, type SignedInShopper } from "./session";
import { findStore } from "./store-resolution";

async function currentStore(
  api: StorefrontApi,
  state: ShopperState,
  params: Params,
): Promise<ShellData["store"]> {
  const fromUrl = params.store !== undefined;
  // An invalid URL store is the page's 404 to report; the header just shows no store.
  const id = fromUrl ? parseId(params.store) : (state.preferences.homeStoreId ?? null);
  if (id === null) return null;
  try {
    const store = await findStore(api, id);
    if (!store && !fromUrl) delete state.preferences.homeStoreId;
    return store && { id: store.id, name: store.name };
  } catch (error) {
    logWarning("Could not load the current store for the header", {
      storeId: id,
      ...describeError(error),
    });
    return null;
  }
}

async function cartSummary(api: StorefrontApi, state: ShopperState): Promise<ShellData["cart"]> {
  const orderId = state.session.get("orderId");
  if (orderId === undefined) return null;
  try {
    const order = await api.getOrder(orderId);
    // A placed order is no longer a cart (the confirmation page still shows it).
    if (!isIncomplete(order)) return null;
    return { itemCount: order.items?.data.length ?? 0 };
  } catch (error) {
    // Only an order the API says is gone is dropped; one it could not read now (its database
    // away, no answer) stays the shopper's, and the header just shows no Cart this time.
    if (!(error instanceof ApiNotFoundError)) {
      logWarning("Could not read the order in progress", { orderId, ...describeError(error) });
      return null;
    }
    logWarning("Dropped the order in progress: the API no longer has it", { orderId });
    forgetOrder(state.session);
    return null;
  }
}

/** The header's greeting: the first name the provider gave, else the email. */
function signedInName(user: SignedInShopper | undefined): string | null {
  if (!user) return null;
  return user.firstName?.trim() || user.email;
}

export async function loadShell(args: RequestArgs & { params: Params }) {
  const config = storefrontConfig();
  const state = args.context.shopper;
  const shell: ShellData = {
    productTitle: productTitle(config.marketName),
    brand: { name: config.brandName, logoUrl: null, canChangeStores: false },
    store: null,
    cart: null,
    account: {
      enabled: config.features.accounts,
      signedInAs: signedInName(state.session.get("user")),
    },
    footerLinks: config.footerLinks,
    csrfToken: ensureCsrfToken(state.session),
    flashMessages: state.takeFlash(),
    lite: {
      on: isLite(state.preferences.lite, args.request),
      chosen: state.preferences.lite !== undefined,
    },
    globalError: null,
  };

  // /sso-return only redirects, and its loader swaps the session's key: the shell's reads, run
  // beside it, must not call the API with the key being retired (a refusal would renew it).
  if (new URL(args.request.url).pathname === SSO_RETURN_PATH) return data(shell);

  let api: StorefrontApi;
  try {
    api = args.context.api;
    const brand = await api.getBrand();
    shell.brand = {
      name: brand.name,
      logoUrl: brand.logo_url,
      canChangeStores: brand.can_change_stores,
    };
  } catch (error) {
    // No answer: 502. The API answered that its database is away: 503, "We'll Be Right Back!".
    const code =
      error instanceof ApiUnavailableError
        ? 502
        : error instanceof ApiError && error.status === 503
          ? 503
          : 500;
    const message = code === 500 ? ERROR_MESSAGES.startup : ERROR_MESSAGES.apiUnavailable;
    logError(message, describeError(error));
    return data({ ...shell, globalError: { code, message } }, { status: code });
  }

  // Home clears the order on entry (routes/_index.tsx), so it never shows a Cart.
  const onHome = new URL(args.request.url).pathname === "/";
  // The cart read uses the shopper's key; without one, the profile read does (beside the rest).
  const cartRead = !onHome && state.session.get("orderId") !== undefined;
  const [store, cart] = await Promise.all([
    currentStore(api, state, args.params),
    cartRead ? cartSummary(api, state) : null,
    cartRead ? null : confirmSignedIn(api, state),
  ]);
  shell.store = store;
  shell.cart = store ? cart : null;
  shell.account.signedInAs = signedInName(state.session.get("user"));
  return data(shell);
}

/**
 * A signed-in session is only as good as its key: the API refuses a key retired by Sign Out (a
 * copy of the cookie kept past it) or by a sign-in elsewhere, and the refusal turns the session
 * into a guest's (shopper-api.ts). When no cart read uses the key on this request, the profile
 * does, so no page greets or fills a form from a session that no longer signs anyone in.
 */
async function confirmSignedIn(api: StorefrontApi, state: ShopperState): Promise<void> {
  if (!state.session.get("user")) return;
  try {
    await api.getProfile();
  } catch (error) {
    // Refused: the session is a guest's already. Unreachable: the greeting stays for now.
    if (!(error instanceof ApiError && error.status === 401)) {
      logWarning("Could not confirm the signed-in shopper", describeError(error));
    }
  }
}
