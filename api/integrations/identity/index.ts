/**
 * Identity provider adapter: the API is the OpenID Connect client of one issuer (decision 016).
 * It discovers the issuer (OIDC_ISSUER, or the in-process sandbox's URL), builds authorization
 * URLs with PKCE S256, a state and a nonce, and exchanges a returned code for the person's claims.
 * Nothing here knows whether the issuer is the sandbox or a real provider.
 */
import * as oidc from "openid-client";

/** A postal address as the shop keeps it. */
export interface IdentityAddress {
  line1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** What the shop keeps of a person, as the provider says it. */
export interface IdentityClaims {
  subject: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  cardNumber: string | null;
  /** Every address the provider keeps for the person, the primary one first. */
  addresses: IdentityAddress[];
  /**
   * The store the person works at, when the provider says they are its associate (the
   * `store_role` and `store_id` claims, decision 042); null for a shopper.
   */
  associateStoreId: number | null;
}

interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  /** The shopper asked to register: `prompt=create` where the issuer advertises it. */
  register?: boolean;
}

interface CodeExchange {
  code: string;
  redirectUri: string;
  state: string;
  /** The authorization response's `iss`, when the caller passed it on. */
  iss?: string;
  codeVerifier: string;
  nonce: string;
}

export interface IdentityClient {
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchange(exchange: CodeExchange): Promise<IdentityClaims>;
}

/** The provider could not be reached (down, timed out, not an issuer): the shopper goes on as a guest. */
export class IdentityUnreachable extends Error {}
/** The provider answered and refused: a bad or spent code, a wrong verifier, a forged ID token. */
export class IdentityRefused extends Error {}

/** The club card number is not a standard claim; the sandbox names it so. */
export const CARD_NUMBER_CLAIM = "club_card_number";
/**
 * OpenID Connect's `address` claim holds one address; a provider that keeps an address book
 * (the sandbox does) sends all of them, in the same shape, under this name.
 */
export const ADDRESSES_CLAIM = "addresses";
/** A store associate's claims (decision 042): `store_role: "associate"` and the store's id. */
export const STORE_ROLE_CLAIM = "store_role";
export const STORE_ID_CLAIM = "store_id";
export const ASSOCIATE_ROLE = "associate";

export interface IdentityClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated; must include `openid`. */
  scopes: string;
  /** Seconds each call to the provider may take. */
  timeout?: number;
}

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= discover(options).catch((error: unknown) => {
      // Not kept: the next sign-in tries again once the provider is back.
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  return {
    async authorizationUrl(request) {
      const config = await guarded(configuration);
      // An issuer that does not list `create` would refuse the request: its sign-in page is the
      // way to its registration then.
      const offered = config.serverMetadata().prompt_values_supported;
      const create =
        request.register === true && Array.isArray(offered) && offered.includes("create");
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: request.redirectUri,
          scope: options.scopes,
          state: request.state,
          nonce: request.nonce,
          code_challenge: request.codeChallenge,
          code_challenge_method: "S256",
          ...(create ? { prompt: "create" } : {}),
        })
        .toString();
    },

    async exchange(exchange) {
      const config = await guarded(configuration);
      const callback = new URL(exchange.redirectUri);
      callback.search = "";
      callback.searchParams.set("code", exchange.code);
      callback.searchParams.set("state", exchange.state);
      // One issuer only, so no mix-up to defend against: the response came from ours.
      const iss = exchange.iss ?? config.serverMetadata().issuer;
      callback.searchParams.set("iss", iss);
      const tokens = await guarded(() =>
        oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: exchange.codeVerifier,
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          idTokenExpected: true,
        }),
      );
      const idToken = tokens.claims();
      if (!idToken) throw new IdentityRefused("no ID token");
      const info = await guarded(() =>
        oidc.fetchUserInfo(config, tokens.access_token, idToken.sub),
      );
      return claimsOf({ ...idToken, ...info });
    },
  };
}

async function discover(options: IdentityClientOptions): Promise<oidc.Configuration> {
  const issuer = new URL(options.issuer);
  const config = await oidc.discovery(
    issuer,
    options.clientId,
    { client_secret: options.clientSecret },
    oidc.ClientSecretPost(options.clientSecret),
    {
      timeout: options.timeout ?? 10,
      // Plain HTTP only for the sandbox and local issuers; configuration refuses it in production.
      ...(issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  return config;
}

/** Sorts a failure: the provider said no (refused), or it could not be asked (unreachable). */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityRefused || error instanceof IdentityUnreachable) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (
      error instanceof oidc.ResponseBodyError ||
      error instanceof oidc.AuthorizationResponseError ||
      (error instanceof oidc.ClientError && isValidationCode(error.code))
    ) {
      throw new IdentityRefused(message);
    }
    throw new IdentityUnreachable(message);
  }
}

// oauth4webapi's codes for an answer it read and found wrong (an ID token's nonce, audience, age);
// an unexpected status or body is the provider failing, not refusing.
const VALIDATION_CODES = new Set([
  "OAUTH_JWT_CLAIM_COMPARISON_FAILED",
  "OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED",
  "OAUTH_JWT_TIMESTAMP_CHECK_FAILED",
  "OAUTH_INVALID_RESPONSE",
]);
const isValidationCode = (code: string | undefined) => !!code && VALIDATION_CODES.has(code);

const text = (value: unknown, max = 200): string | null =>
  typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;

function claimsOf(claims: Record<string, unknown>): IdentityClaims {
  const subject = text(claims.sub, 255);
  const email = text(claims.email, 254);
  if (!subject || !email) throw new IdentityRefused("the provider sent no subject or email");
  const book = claims[ADDRESSES_CLAIM];
  const given = Array.isArray(book) ? book.slice(0, 20) : [claims.address];
  const addresses = given
    .map(addressOf)
    .filter((address): address is IdentityAddress => address !== null);
  return {
    subject,
    email,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    phone: text(claims.phone_number, 30),
    cardNumber: text(claims[CARD_NUMBER_CLAIM], 50),
    addresses,
    associateStoreId: associateStoreOf(claims),
  };
}

/** The store of an associate's claims: a role of 'associate' and a canonical store id. */
function associateStoreOf(claims: Record<string, unknown>): number | null {
  if (claims[STORE_ROLE_CLAIM] !== ASSOCIATE_ROLE) return null;
  const raw = claims[STORE_ID_CLAIM];
  const id = typeof raw === "number" ? String(raw) : raw;
  return typeof id === "string" && /^[1-9][0-9]{0,8}$/.test(id) ? Number(id) : null;
}

/** An OpenID Connect address object, when it has every part the shop needs. */
function addressOf(claim: unknown): IdentityAddress | null {
  if (!claim || typeof claim !== "object") return null;
  const address = claim as Record<string, unknown>;
  const line1 = text(address.street_address);
  const city = text(address.locality);
  const state = text(address.region, 50);
  const zipCode = text(address.postal_code, 20);
  return line1 && city && state && zipCode ? { line1, city, state, zipCode } : null;
}
