import { Router } from "express";
import { CALLS } from "@core/contract/calls";
import { callerOf } from "../http/caller";
import type { ApiContext } from "../http/context";
import { item } from "../http/handler";
import { mount } from "../http/mount";
import { finishSignIn, profileFor, signOut, startSignIn } from "../services/sign-in";

/** Single sign-on (GET /oauth/authorize, POST /oauth/authenticate, DELETE /oauth/session) and GET /profile. */
export function accountsRouter({ db, identity, sso }: ApiContext) {
  const profileMeta = { address_page_url: sso.addressPageUrl };
  const router = Router();
  mount(router, CALLS.startSignIn, async ({ query, res }) =>
    item(
      await startSignIn(db.kysely, identity, callerOf(res), {
        redirectUri: query.redirect_uri,
        register: query.prompt === "create",
        returnOrigins: sso.returnOrigins,
      }),
    ),
  );
  mount(router, CALLS.finishSignIn, async ({ body, res }) => {
    const { profile, apiKey } = await finishSignIn(db.kysely, identity, callerOf(res), body);
    // The signed-in device's new key: the calling key is retired (decision 016).
    return { data: profile, meta: { api_key: apiKey } };
  });
  mount(router, CALLS.signOut, async ({ res }) => {
    await signOut(db.kysely, callerOf(res));
  });
  mount(router, CALLS.profile, async ({ res }) => ({
    data: await profileFor(db.kysely, callerOf(res)),
    meta: profileMeta,
  }));
  return router;
}
