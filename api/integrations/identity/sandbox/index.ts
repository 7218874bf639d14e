/**
 * The sandbox identity provider (decision 016): a real OpenID Connect provider (oidc-provider),
 * mounted by server.ts at its issuer's path (/sandbox/sso) when no OIDC_ISSUER is configured, so sign-in works on a
 * laptop, in tests and in the demo without an outside service. Its one client is the shop's API.
 *
 * Everything it keeps lives in the shop's database: its accounts, its signing and cookie keys,
 * and its interactions, sessions, codes and grants, so any worker process serves any step.
 */
import { createHmac, generateKeyPairSync, randomBytes, timingSafeEqual } from "node:crypto";
import express, { Router, type NextFunction, type Request, type Response } from "express";
import type { Kysely } from "kysely";
import Provider, {
  interactionPolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from "oidc-provider";
import { ADDRESSES_RETURN_PATH } from "@core/contract/accounts";
import { isValidEmail, isValidPhone, isValidZip } from "@core/rules/patterns";
import { SANDBOX_ADDRESS_PAGE_PATH } from "../../../config";
import type { Database } from "../../../db/schema";
import { logger } from "../../../logger";
import { ADDRESSES_CLAIM, STORE_ID_CLAIM, STORE_ROLE_CLAIM, type IdentityAddress } from "..";
import { isAllowedReturn, isShopAddress, type ReturnOrigins } from "../returns";
import {
  addAddress,
  addressesOf,
  authenticate,
  claimsOf,
  createAccount,
  ensureTestAccounts,
  findByEmail,
  findBySubject,
  storeClaimsOf,
} from "./accounts";
import {
  addressPage,
  embeddedOutcomePage,
  errorPage,
  registrationPage,
  signInPage,
  type AddressPageOptions,
  type AddressValues,
  type RegistrationValues,
} from "./pages";
import { databaseAdapter } from "./storage";

/** The prompt value that asks for the registration form (OpenID Connect prompt=create). */
const CREATE_PROMPT = "create";

export interface SandboxOptions {
  db: Kysely<Database>;
  /** The URL browsers and the API reach it at, ending in its mount path. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  returnOrigins: ReturnOrigins;
  /** Behind a TLS-terminating proxy: believe X-Forwarded-Proto (TRUST_PROXY). */
  trustProxy?: boolean;
  /**
   * Told when a person's addresses change on the address page (the API keeps its users'
   * addresses from it), in this process, as a real provider would post an event to the shop.
   */
  onAddressesChanged?: (subject: string, addresses: IdentityAddress[]) => Promise<void>;
}

interface SandboxKeys {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
}

/**
 * Signing and cookie keys, made once and kept in the database: every worker must sign and read
 * alike, and a restart must not void the sessions and tokens already handed out.
 */
async function loadKeys(db: Kysely<Database>): Promise<SandboxKeys> {
  const find = () =>
    db
      .selectFrom("sso_provider_records")
      .select("payload")
      .where("model", "=", "SandboxKeys")
      .where("id", "=", "current")
      .executeTakeFirst();
  const found = await find();
  if (found) return JSON.parse(found.payload) as SandboxKeys;
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" });
  const keys: SandboxKeys = {
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" }] },
    cookieKeys: [randomBytes(32).toString("base64url")],
  };
  // Two workers starting together: the first insert wins and both read it back.
  await db
    .insertInto("sso_provider_records")
    .values({
      model: "SandboxKeys",
      id: "current",
      payload: JSON.stringify(keys),
      grant_id: null,
      uid: null,
      user_code: null,
      expires_at: null,
      consumed_at: null,
    })
    .onConflict((conflict) => conflict.columns(["model", "id"]).doNothing())
    .execute();
  return JSON.parse((await find())!.payload) as SandboxKeys;
}

const nonceOf = (res: Response) => String(res.locals.cspNonce ?? "");

/** Builds the provider and the Express router that serves it and its pages. */
export async function createSandboxProvider(options: SandboxOptions): Promise<Router> {
  const { db } = options;
  const keys = await loadKeys(db);
  await ensureTestAccounts(db);
  const mountPath = new URL(options.issuer).pathname.replace(/\/+$/, "");

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        // Checked by isAllowedReturn below; this entry only satisfies client validation.
        redirect_uris: ["http://localhost/sso-return"],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      // A store associate's role and store (decision 042) come with the profile.
      profile: ["given_name", "family_name", STORE_ROLE_CLAIM, STORE_ID_CLAIM],
      phone: ["phone_number"],
      // The whole address book besides the standard one address (identity/index.ts).
      address: ["address", ADDRESSES_CLAIM],
      club: ["club_card_number"],
    },
    scopes: ["openid", "email", "profile", "phone", "address", "club"],
    cookies: { keys: keys.cookieKeys },
    jwks: keys.jwks as Configuration["jwks"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    // Advertised as the prompt=create specification asks, so a client knows to send it.
    discovery: { prompt_values_supported: ["none", "login", "consent", CREATE_PROMPT] },
    interactions: {
      url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}`,
      // `prompt=create` (OpenID Connect "Initiating User Registration"): the shop's Register
      // opens the registration form first. Requestable, so discovery lists it.
      policy: [
        new interactionPolicy.Prompt({ name: CREATE_PROMPT, requestable: true }),
        ...interactionPolicy.base(),
      ],
    },
    async findAccount(_ctx, subject) {
      const account = await findBySubject(db, subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: async () => ({
          ...claimsOf(account, await addressesOf(db, account)),
          ...(await storeClaimsOf(db, account)),
          sub: subject,
        }),
      };
    },
    // The shop is this provider's only client, first-party: it is granted what it asks, no
    // consent screen.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId =
        oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
        new oidc.provider.Grant({
          clientId: oidc.client.clientId,
          accountId: oidc.session.accountId,
        });
      grant.addOIDCScope([...oidc.requestParamScopes].join(" "));
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 10 * 60,
      AuthorizationCode: 60,
      IdToken: 10 * 60,
      Interaction: 30 * 60,
      Session: 24 * 60 * 60,
      Grant: 24 * 60 * 60,
    },
    clientBasedCORS: () => false,
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = errorPage(
        nonceOf(ctx.res as Response),
        out.error_description ?? "The sign-in request was not valid.",
      );
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.trustProxy ?? false;
  provider.Client.prototype.redirectUriAllowed = (uri: string) =>
    isAllowedReturn(uri, options.returnOrigins);
  provider.on("server_error", (_ctx, error) =>
    logger.error("sandbox identity provider error", { error: error.stack ?? String(error) }),
  );

  const router = Router();
  const forms = express.urlencoded({ extended: false, limit: "8kb", parameterLimit: 20 });
  const issuerOrigin = new URL(options.issuer).origin;
  const paths = (uid: string) => ({
    login: `${mountPath}/interaction/${uid}/login`,
    register: `${mountPath}/interaction/${uid}/register`,
    // Its own address, not the interaction's: with prompt=create that one opens registration.
    signIn: `${mountPath}/interaction/${uid}/login`,
  });
  const html = (res: Response, status: number, body: string) =>
    void res.status(status).type("html").send(body);
  const field = (req: Request, name: string) => {
    const value: unknown = (req.body as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value.trim().slice(0, 200) : "";
  };
  // A password is taken as typed: spaces are part of it.
  const passwordOf = (req: Request): string | null => {
    const value: unknown = (req.body as Record<string, unknown> | undefined)?.password;
    return typeof value === "string" && value.length <= 200 ? value : null;
  };

  /**
   * The interaction in progress for this browser, or null when there is none (expired, or a
   * request without its interaction cookie: another site's forged post never has it).
   */
  async function interaction(req: Request, res: Response) {
    if (req.method === "POST") {
      const origin = req.get("origin");
      if (origin && origin !== issuerOrigin) return null;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      // The cookie names the interaction; an address naming another is a stale or forged one.
      return details.uid === req.params.uid ? details : null;
    } catch {
      return null;
    }
  }
  const finish = (req: Request, res: Response, accountId: string) =>
    provider.interactionFinished(
      req,
      res,
      // `create` resolved too: a shopper sent to register who signs in instead is done.
      { login: { accountId }, [CREATE_PROMPT]: {} },
      { mergeWithLastSubmission: false },
    );

  type Details = Awaited<ReturnType<typeof provider.interactionDetails>>;
  /** A step of a sign-in in progress: refused when there is none, errors to Express. */
  const step =
    (handle: (req: Request, res: Response, details: Details) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) => {
      interaction(req, res)
        .then((details) =>
          details
            ? handle(req, res, details)
            : html(
                res,
                400,
                errorPage(nonceOf(res), "This sign-in has expired. Please start again."),
              ),
        )
        .catch(next);
    };

  // The two forms: sign in, and create an account (linked from the first).
  router.get(
    ["/interaction/:uid", "/interaction/:uid/register", "/interaction/:uid/login"],
    step(async (req, res, details) => {
      const p = paths(details.uid);
      const register =
        req.path.endsWith("/register") ||
        (!req.path.endsWith("/login") && details.prompt.name === CREATE_PROMPT);
      const page = register
        ? registrationPage(nonceOf(res), p.register, p.signIn)
        : signInPage(nonceOf(res), p.login, p.register);
      html(res, 200, page);
    }),
  );

  router.post(
    "/interaction/:uid/login",
    forms,
    step(async (req, res, details) => {
      const email = field(req, "email");
      const password = passwordOf(req);
      const account = password === null ? null : await authenticate(db, email, password);
      if (account) return finish(req, res, account.subject);
      const p = paths(details.uid);
      const error = "The email or password is not right.";
      html(res, 401, signInPage(nonceOf(res), p.login, p.register, { email, error }));
    }),
  );

  router.post(
    "/interaction/:uid/register",
    forms,
    step(async (req, res, details) => {
      const values: RegistrationValues = {
        email: field(req, "email"),
        given_name: field(req, "given_name"),
        family_name: field(req, "family_name"),
        phone: field(req, "phone"),
      };
      const password = passwordOf(req);
      const p = paths(details.uid);
      const again = (error: string) =>
        html(res, 422, registrationPage(nonceOf(res), p.register, p.signIn, { values, error }));
      const problem = registrationProblem(values, password);
      if (problem) return again(problem);
      const created = await createAccount(db, {
        email: values.email!,
        password: password!,
        givenName: values.given_name!,
        familyName: values.family_name!,
        phone: values.phone || null,
      });
      if (!created) return again("An account with this email already exists. Sign in instead.");
      const account = await findByEmail(db, values.email!);
      await finish(req, res, account!.subject);
    }),
  );

  // The address page: the signed-in person's address book, and a form that adds to it. The
  // shop links to it (with `return`, its /addresses) or frames it (`embedded=1`, inside its
  // dialog; the page then tells the shop by a window message).
  const addressPath = `${mountPath}${SANDBOX_ADDRESS_PAGE_PATH}`;
  const addressToken = (sessionUid: string) =>
    createHmac("sha256", keys.cookieKeys[0]!).update(`address-page:${sessionUid}`).digest();
  const tokenMatches = (given: string, sessionUid: string) => {
    const expected = addressToken(sessionUid);
    const actual = Buffer.from(given, "base64url");
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  async function addressRequest(req: Request, res: Response) {
    const asked = typeof req.query.return === "string" ? req.query.return : "";
    const returnTo =
      asked && isShopAddress(asked, options.returnOrigins, ADDRESSES_RETURN_PATH)
        ? new URL(asked)
        : null;
    const embedded = req.query.embedded === "1";
    const query = new URLSearchParams();
    if (returnTo) query.set("return", returnTo.href);
    if (embedded) query.set("embedded", "1");
    const session = await provider.Session.get(provider.createContext(req, res));
    const account = session.accountId ? await findBySubject(db, session.accountId) : undefined;
    if (embedded && returnTo) allowFraming(res, returnTo.origin);
    return {
      returnTo,
      embedded,
      sessionUid: session.uid,
      account: account ?? null,
      action: `${addressPath}${query.size ? `?${query}` : ""}`,
    };
  }
  type AddressRequest = Awaited<ReturnType<typeof addressRequest>>;

  /** Refuses what cannot be served: a frame for no shop, or nobody signed in here. */
  function addressRefusal(res: Response, at: AddressRequest): boolean {
    if (at.embedded && !at.returnTo) {
      html(res, 400, errorPage(nonceOf(res), "This page can be shown only inside the shop."));
      return true;
    }
    if (at.account) return false;
    const message = "You are not signed in here. Sign in at the shop, then add the address.";
    html(
      res,
      401,
      at.embedded
        ? embeddedOutcomePage(nonceOf(res), {
            shopOrigin: at.returnTo!.origin,
            saved: false,
            message,
          })
        : errorPage(nonceOf(res), message),
    );
    return true;
  }

  const showAddresses = async (
    res: Response,
    status: number,
    at: AddressRequest,
    more: Partial<AddressPageOptions> = {},
  ) => {
    const book = await addressesOf(db, at.account!);
    html(
      res,
      status,
      addressPage(nonceOf(res), {
        action: at.action,
        addresses: book.map(
          (address) => `${address.line1}, ${address.city}, ${address.state} ${address.zipCode}`,
        ),
        token: addressToken(at.sessionUid).toString("base64url"),
        returnHref: at.embedded ? null : (at.returnTo?.href ?? null),
        ...more,
      }),
    );
  };

  router.get(SANDBOX_ADDRESS_PAGE_PATH, (req, res, next) => {
    addressRequest(req, res)
      .then(async (at) => {
        if (!addressRefusal(res, at)) await showAddresses(res, 200, at);
      })
      .catch(next);
  });

  router.post(SANDBOX_ADDRESS_PAGE_PATH, forms, (req, res, next) => {
    addressRequest(req, res)
      .then(async (at) => {
        // Another site's post: its Origin is not ours (a form post always sends one).
        const origin = req.get("origin");
        if (origin && origin !== issuerOrigin)
          return html(res, 403, errorPage(nonceOf(res), "This form was sent from another site."));
        if (addressRefusal(res, at)) return;
        const values: AddressValues = {
          address_line_1: field(req, "address_line_1"),
          city: field(req, "city"),
          state: field(req, "state").toUpperCase(),
          zip_code: field(req, "zip_code"),
        };
        if (!tokenMatches(field(req, "token"), at.sessionUid))
          return showAddresses(res, 403, at, {
            values,
            error: "This form has expired. Please send it again.",
          });
        const errors = addressProblems(values);
        if (Object.keys(errors).length)
          return showAddresses(res, 422, at, {
            values,
            errors,
            error: "Please correct the fields below.",
          });
        const book = await addAddress(db, at.account!, {
          line1: values.address_line_1!,
          city: values.city!,
          state: values.state!,
          zipCode: values.zip_code!,
        });
        if (!book)
          return showAddresses(res, 422, at, {
            values,
            error: "Your address book is full.",
          });
        await options.onAddressesChanged?.(at.account!.subject, book);
        if (at.embedded)
          return html(
            res,
            200,
            embeddedOutcomePage(nonceOf(res), {
              shopOrigin: at.returnTo!.origin,
              saved: true,
              message: "Your address is saved.",
            }),
          );
        if (at.returnTo) return res.redirect(303, at.returnTo.href);
        await showAddresses(res, 200, at, { saved: true });
      })
      .catch(next);
  });

  router.use(provider.callback());
  // A form body too large or malformed, or a fault of ours: the provider's own page, not a trace.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500)
      return html(
        res,
        status,
        errorPage(nonceOf(res), "The form could not be read. Please try again."),
      );
    logger.error("sandbox identity provider error", {
      error: error instanceof Error ? error.stack : String(error),
    });
    html(res, 500, errorPage(nonceOf(res), "Something went wrong. Please try again."));
  });
  return router;
}

/**
 * Lets the shop's origin frame this answer (the site-wide headers forbid framing): its
 * frame-ancestors names that origin alone, and X-Frame-Options, which cannot, is dropped.
 */
function allowFraming(res: Response, shopOrigin: string) {
  const policy = res.getHeader("Content-Security-Policy");
  const ancestors = `frame-ancestors ${shopOrigin}`;
  res.setHeader(
    "Content-Security-Policy",
    typeof policy === "string" && policy
      ? /frame-ancestors [^;]*/.test(policy)
        ? policy.replace(/frame-ancestors [^;]*/, ancestors)
        : `${policy};${ancestors}`
      : ancestors,
  );
  res.removeHeader("X-Frame-Options");
}

/** The delivery form's rules where they fit an address: every part, a state code, a ZIP. */
function addressProblems(values: AddressValues): Partial<Record<keyof AddressValues, string>> {
  const problems: Partial<Record<keyof AddressValues, string>> = {};
  if (!values.address_line_1) problems.address_line_1 = "Enter the street address.";
  if (!values.city) problems.city = "Enter the city.";
  else if (values.city.length > 100) problems.city = "Use at most 100 characters.";
  if (!/^[A-Z]{2}$/.test(values.state ?? "")) problems.state = "Enter the 2 letter state code.";
  if (!isValidZip(values.zip_code ?? "")) problems.zip_code = "Enter 5 digits, or ZIP+4.";
  return problems;
}

function registrationProblem(values: RegistrationValues, password: string | null): string | null {
  if (!values.given_name || !values.family_name) return "Enter your first and last name.";
  if (!values.email || !isValidEmail(values.email)) return "Enter a valid email address.";
  if (values.phone && !isValidPhone(values.phone))
    return "Enter a 10 digit mobile number, or leave it empty.";
  if (password === null || password.length < 8) return "Choose a password of 8 to 200 characters.";
  return null;
}
