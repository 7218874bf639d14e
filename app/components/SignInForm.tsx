import { CsrfInput } from "./CsrfInput";

/**
 * A Sign In (or Register) button: a plain form post to /sign-in, which sends the shopper to the
 * single sign-on provider and back to `returnTo` (a whole page each way, with or without scripts).
 */
export function SignInForm({
  returnTo,
  label = "Sign In",
  className = "button button--primary",
}: {
  returnTo: string;
  label?: string;
  className?: string;
}) {
  return (
    <form method="post" action="/sign-in" className="sign-in-form">
      <CsrfInput />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}
