import { PROMOTION_CODE_MAX_LENGTH } from "@core/rules/limits";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { CsrfInput } from "~/components/CsrfInput";
import { FieldError } from "~/components/forms/FieldError";
import { useLazyCheck } from "~/components/forms/lazy-check";
import { loadOnce } from "~/components/useLazyModule";

/** The code's check, loaded on first focus or press (see lazy-check.ts). */
const loadCheck = loadOnce(() => import("./promo-code-schema"));

interface PromoCodeFormProps {
  promotion: { code: string; description: string } | null;
  /** The code the shopper last sent and why it failed (from the action). */
  failed: { code: string; error: string } | null;
}

/**
 * The promo code box (spec §4): an empty code is refused before posting with JS (the rule the
 * cart's action reads the code with) and by the server without; 'Applying...' while pending; once
 * applied the code and its description show and the input stays. The API's refusal stays the
 * action's answer: typing clears only the browser's own error.
 *
 * One field needs no form library: conform's hook would be 9 KB of the cart's first load
 * (decision 020), for a check this component does in a few lines.
 */
export function PromoCodeForm({ promotion, failed }: PromoCodeFormProps) {
  const navigation = useNavigation();
  // Checked on a press only (a box left empty on the way past is no error), then as the code is typed.
  const lazyCheck = useLazyCheck(loadCheck);
  const [clientError, setClientError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problemIn = (form: HTMLFormElement) =>
    lazyCheck.module ? lazyCheck.module.promoCodeProblem(new FormData(form)) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (lazyCheck.hold(event)) return;
    const problem = problemIn(event.currentTarget);
    setClientError(problem);
    if (problem) {
      event.preventDefault();
      input.current?.focus();
    }
  };
  const pendingIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const applying = pendingIntent === "apply-promo";
  const removing = pendingIntent === "remove-promo";
  const error = clientError ?? (applying ? null : (failed?.error ?? null));

  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo__title">
        Promo Code
      </h2>
      <Form
        method="post"
        action="/cart"
        className="promo__form"
        id="promo-code-form"
        onSubmit={onSubmit}
        onInput={(event) => {
          if (clientError) setClientError(problemIn(event.currentTarget));
        }}
        noValidate
        {...lazyCheck.warmUp}
        preventScrollReset
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="apply-promo" />
        <div className="field promo__field">
          <label htmlFor="promo-code" className="visually-hidden">
            Promo code
          </label>
          <input
            id="promo-code"
            ref={input}
            name="code"
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMOTION_CODE_MAX_LENGTH}
            // A new key after each answer: the input shows the code that answer is about.
            key={failed?.code ?? promotion?.code ?? ""}
            defaultValue={failed?.code ?? promotion?.code ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "promo-code-error" : undefined}
          />
        </div>
        <button
          type="submit"
          className="button button--secondary"
          aria-disabled={applying || undefined}
        >
          {applying ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Applying...
            </>
          ) : (
            "Apply"
          )}
        </button>
      </Form>
      <div aria-live="polite">
        <FieldError id="promo-code-error" message={error} />
      </div>
      {promotion ? (
        <div className="promo__applied">
          <p>
            <span className="promo__code">{promotion.code}</span> {promotion.description}
          </p>
          <Form method="post" action="/cart" preventScrollReset>
            <CsrfInput />
            <input type="hidden" name="intent" value="remove-promo" />
            <button type="submit" className="link-button" aria-disabled={removing || undefined}>
              Remove<span className="visually-hidden"> promo code {promotion.code}</span>
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}
