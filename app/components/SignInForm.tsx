import { CsrfInput } from "./CsrfInput";

/**
 * A Sign In (or Register) button: a plain form post to /sign-in, which sends the shopper to the
 * single sign-on provider and back to `returnTo` (a whole page each way, with or without scripts).
 * `register` asks the provider for its registration form rather than its sign-in.
 */
export function SignInForm({
  returnTo,
  register = false,
  label = register ? "Register" : "Sign In",
  className = "button button--primary",
}: {
  returnTo: string;
  register?: boolean;
  label?: string;
  className?: string;
}) {
  return (
    <form method="post" action="/sign-in" className="sign-in-form">
      <CsrfInput />
      <input type="hidden" name="returnTo" value={returnTo} />
      {register ? <input type="hidden" name="register" value="1" /> : null}
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
}
