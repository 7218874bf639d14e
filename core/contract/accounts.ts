/** Single sign-on and the signed-in shopper's profile (spec §3 "User profile", §7, decision 016). */
import { z } from "zod";
import { singleResource } from "./params";

/** The storefront page a provider sends the shopper back to, on one of the allowed origins. */
export const SSO_RETURN_PATH = "/sso-return";

/** The storefront page an address page sends the shopper back to (spec §2 /addresses). */
export const ADDRESSES_RETURN_PATH = "/addresses";

const redirectUri = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((value) => URL.canParse(value), "The redirect uri must be a URL.");

// --- GET /oauth/authorize --------------------------------------------------------------------

export const AuthorizeQuerySchema = z.object({
  redirect_uri: redirectUri,
  /**
   * `create`: the shopper asked to register, so the provider opens its registration form
   * (OpenID Connect "prompt=create"), when the provider offers one; else its sign-in.
   */
  prompt: z.enum(["create"]).optional(),
});

const AuthorizationSchema = z.object({
  /** Where to send the shopper's browser: the provider's sign-in. */
  authorization_url: z.string(),
  /** Also in the URL; the storefront keeps it to check the return (spec §5). */
  state: z.string(),
});
export const AuthorizeAnswerSchema = singleResource(AuthorizationSchema);

// --- POST /oauth/authenticate ----------------------------------------------------------------

export const AuthenticateBodySchema = z.object({
  code: z.string().trim().min(1).max(2000),
  redirect_uri: redirectUri,
  state: z.string().trim().min(1).max(200),
  /** The return's `iss` parameter, when the provider sent one. */
  iss: z.string().trim().max(2000).optional(),
});

// --- GET /profile ----------------------------------------------------------------------------

const UserAddressSchema = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

const UserProfileSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  uuid: z.string(),
  card_number: z.string().nullable(),
  addresses: z.array(UserAddressSchema),
  mi9_uuid: z.string().nullable(),
  mwg_uuid: z.string().nullable(),
  /** The store the person works at, as the provider's claims say (decision 042); null: a shopper. */
  associate_store_id: z.number().nullable(),
});
export const UserProfileAnswerSchema = singleResource(UserProfileSchema).extend({
  meta: z
    .object({
      /**
       * The identity provider's page where the person adds an address (with `return` and
       * `embedded=1` as the provider documents), or null where the provider has none.
       */
      address_page_url: z.string().nullable(),
    })
    .optional(),
});

/**
 * A finished sign-in: the profile, and the device's new key bound to the person. The key that
 * made the call is retired at that moment (decision 016), so the caller keeps only this one.
 */
export const AuthenticateAnswerSchema = z.object({
  data: UserProfileSchema,
  meta: z.object({ api_key: z.string() }),
});

export type Authorization = z.infer<typeof AuthorizationSchema>;
export type UserProfile = z.infer<typeof UserProfileSchema>;
