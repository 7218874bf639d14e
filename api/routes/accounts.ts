import { Router } from "express";
import { AuthenticateBodySchema, AuthorizeQuerySchema } from "@core/contract/accounts";
import { callerOf } from "../http/caller";
import type { ApiContext } from "../http/context";
import { item, route } from "../http/handler";
import { parseBody, parseQuery } from "../http/validation";
import { finishSignIn, profileFor, signOut, startSignIn } from "../services/sign-in";

/** Single sign-on (GET /oauth/authorize, POST /oauth/authenticate, DELETE /oauth/session) and GET /profile. */
export function accountsRouter({ db, identity, sso }: ApiContext) {
  const profileMeta = { address_page_url: sso.addressPageUrl };
  const router = Router();
  router.get(
    "/oauth/authorize",
    route(async (req, res) => {
      const { redirect_uri, prompt } = parseQuery(AuthorizeQuerySchema, req);
      const caller = callerOf(res);
      return item(
        await startSignIn(db.kysely, identity, caller, {
          redirectUri: redirect_uri,
          register: prompt === "create",
          returnOrigins: sso.returnOrigins,
        }),
      );
    }),
  );
  router.post(
    "/oauth/authenticate",
    route(async (req, res) => {
      const body = parseBody(AuthenticateBodySchema, req);
      const { profile, apiKey } = await finishSignIn(db.kysely, identity, callerOf(res), body);
      // The signed-in device's new key: the calling key is retired (decision 016).
      return { data: profile, meta: { api_key: apiKey } };
    }),
  );
  router.delete(
    "/oauth/session",
    route(async (_req, res) => {
      await signOut(db.kysely, callerOf(res));
      res.status(204).end();
    }),
  );
  router.get(
    "/profile",
    route(async (_req, res) => ({
      data: await profileFor(db.kysely, callerOf(res)),
      meta: profileMeta,
    })),
  );
  return router;
}
