/**
 * The one check for any redirect target that came from outside (a form's `redirectTo`, a remembered
 * return path) and the last check on every redirect the storefront sends (`redirectTo`, session.ts).
 *
 * Only a path of this site passes: '/' then anything but a second '/' or a '\' (browsers read
 * '//host' and '/\host' as another site), printable ASCII only. Control characters are refused
 * because browsers strip tabs and newlines ('/\t/evil' becomes '//evil'), and anything non-ASCII
 * because it cannot go in a Location header as it is (it would be a 500).
 */

/** Longer than any path of ours: a bound on what is echoed back. */
const MAX_LENGTH = 2048;

const SAME_SITE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;

/** `value` when it is a path of this site, else `fallback`. */
export function safeRedirectPath<Fallback extends string | null>(
  value: unknown,
  fallback: Fallback,
): string | Fallback {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return fallback;
  return SAME_SITE_PATH.test(value) ? value : fallback;
}
