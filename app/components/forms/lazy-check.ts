/**
 * A form's check in the browser, loaded when the shopper first needs it (see useLazyModule): the
 * schema library (zod, about 13 KB gzip) stays out of every page's first load, and until it
 * arrives the form works as it does without JavaScript (the server checks every post with the
 * same schema).
 *
 * Loading starts on the first focus or press in the form. A press made before the check is here
 * is held, and sent again once it has arrived, so it is checked exactly as it would have been; a
 * check on blur or while typing (conform's own submits) waits for the next change.
 */
import type { FormEvent } from "react";
import { useLazyModule, type LazyModule } from "~/components/useLazyModule";

/** The name of the hidden button conform submits with when it validates on blur or input. */
export const CONFORM_INTENT = "__intent__";

/** Whether a submit is a real press (a button, or Enter in a field), not conform's own check. */
export function isPress(event: FormEvent<HTMLFormElement>): boolean {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") !== CONFORM_INTENT;
}

export interface LazyCheck<M> extends LazyModule<M> {
  /**
   * For the form's onSubmit, before conform's: true when the event was held because the check is
   * not here yet (a press is sent again once it is), false when the event may go on.
   */
  hold: (event: FormEvent<HTMLFormElement>) => boolean;
}

export function useLazyCheck<M>(load: () => Promise<M>): LazyCheck<M> {
  const lazy = useLazyModule(load);
  const hold = (event: FormEvent<HTMLFormElement>) => {
    if (lazy.module) return false;
    event.preventDefault();
    if (isPress(event)) {
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void lazy.start().then(() => form.requestSubmit(submitter));
    }
    return true;
  };
  return { ...lazy, hold };
}
