/**
 * A form's errors in the browser (issue 29, decision 020): the server reads every post with
 * conform's `parseWithZod` and answers with its `reply()`; in the browser the same check (loaded on
 * first use, see lazy-check.ts) runs on a press, when a field is left, and while a field already in
 * error is typed in. This small hook does what conform's `useForm` did for these forms without
 * shipping it on the page's first load: the ids (`{form}-{field}`), the values to show first and
 * the errors, each field's only once it has been checked (left, or the form pressed or answered).
 */
import { useState, type FocusEvent, type FormEvent } from "react";

/** The server's answer as conform's `reply()` gives it (the parts read here). */
export interface CheckReply {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

/** A check's outcome, as conform's `parseWithZod` gives it. */
export interface CheckOutcome {
  status?: "success" | "error";
  error?: Record<string, string[] | null> | null;
}

export interface FieldMeta {
  id: string;
  name: string;
  initialValue: unknown;
  errors: string[] | undefined;
}

export type FormFields<V> = { readonly [K in keyof V]-?: FieldMeta };

type Errors = Record<string, string[]>;

interface Shown {
  errors: Errors;
  /** The fields checked so far ('all' after a press or an answer, the form's own errors too). */
  checked: "all" | ReadonlySet<string>;
}

const errorsOf = (error: CheckOutcome["error"]): Errors =>
  Object.fromEntries(
    Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => !!entry[1]?.length),
  );

const fromReply = (reply: CheckReply | null | undefined): Shown =>
  reply ? { errors: errorsOf(reply.error), checked: "all" } : { errors: {}, checked: new Set() };

/** A default as a form would send it (conform's serialization, for flat forms). */
function asFormValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asFormValue);
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

const fieldName = (target: EventTarget) =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLSelectElement ||
  target instanceof HTMLTextAreaElement
    ? target.name
    : "";

export function useFormCheck<V extends Record<string, unknown>>(options: {
  id: string;
  /** The server's last answer: its errors show, and without scripts its values fill the form. */
  lastResult?: CheckReply | null;
  defaultValue?: Partial<Record<keyof V, unknown>>;
  /** The form's check, or null until it has arrived (the server checks every post anyway). */
  check: ((formData: FormData) => CheckOutcome) | null;
}) {
  const { id, lastResult, defaultValue, check } = options;
  const [shown, setShown] = useState(() => fromReply(lastResult));
  // A new answer from the server replaces whatever the browser had found.
  const [answered, setAnswered] = useState(lastResult);
  if (answered !== lastResult) {
    setAnswered(lastResult);
    setShown(fromReply(lastResult));
  }

  const isChecked = (name: string) => shown.checked === "all" || shown.checked.has(name);
  const visible: Errors = Object.fromEntries(
    Object.entries(shown.errors).filter(([name]) => isChecked(name)),
  );

  /** Checks the whole form; the errors of `name` (or of every field) show from now on. */
  const run = (form: HTMLFormElement, name: string | "all") => {
    if (!check) return null;
    const outcome = check(new FormData(form));
    setShown((before) => ({
      errors: errorsOf(outcome.error),
      checked:
        name === "all" || before.checked === "all"
          ? "all"
          : before.checked.has(name)
            ? before.checked
            : new Set(before.checked).add(name),
    }));
    return outcome;
  };

  const formElement = () => document.getElementById(id) as HTMLFormElement | null;

  const fields = new Proxy({} as FormFields<V>, {
    get: (_, key): FieldMeta | undefined => {
      if (typeof key !== "string") return undefined;
      return {
        id: `${id}-${key}`,
        name: key,
        initialValue: lastResult?.initialValue
          ? lastResult.initialValue[key]
          : asFormValue(defaultValue?.[key as keyof V]),
        errors: visible[key],
      };
    },
  });

  const form = {
    id,
    /** The form's own errors (not a field's). */
    errors: visible[""] as string[] | undefined,
    /** Every error showing, by field ('' for the form's own). */
    allErrors: visible,
    /** For the form's onSubmit: a press that finds problems is stopped and every error shows. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const outcome = run(event.currentTarget, "all");
      if (outcome && outcome.status !== "success") event.preventDefault();
    },
    /** For the form's onBlur: a field left is checked. */
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = fieldName(event.target);
      if (name) run(event.currentTarget, name);
    },
    /** For the form's onInput: a field already checked is checked again as it changes. */
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const name = fieldName(event.target);
      if (name && isChecked(name)) run(event.currentTarget, name);
    },
    /** Checks the whole form again (after a change the page made itself). */
    validate: () => {
      const element = formElement();
      if (element) run(element, "all");
    },
  };
  return [form, fields] as const;
}
