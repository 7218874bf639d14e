/**
 * A form's check in the browser, loaded when the shopper first needs it (see useLazyModule): the
 * schema library (zod, about 13 KB gzip) stays out of every page's first load, and until it
 * arrives the form works as it does without JavaScript (the server checks every post with the
 * same schema).
 *
 * Loading starts on the first focus or press in the form. A press made before the check is here
 * is held, and sent again once it has arrived, so it is checked exactly as it would have been; a
 * check on leaving a field or while typing (useFormCheck) waits for the next one.
 */
import type { FormEvent } from "react";
import { useLazyModule, type LazyModule } from "~/components/useLazyModule";

export interface LazyCheck<M> extends LazyModule<M> {
  /**
   * For the form's onSubmit, before the check's: true when the press was held because the check
   * is not here yet (it is sent again once it is), false when the press may go on.
   */
  hold: (event: FormEvent<HTMLFormElement>) => boolean;
}

export function useLazyCheck<M>(load: () => Promise<M>): LazyCheck<M> {
  const lazy = useLazyModule(load);
  const hold = (event: FormEvent<HTMLFormElement>) => {
    if (lazy.module) return false;
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    void lazy.start().then(() => form.requestSubmit(submitter));
    return true;
  };
  return { ...lazy, hold };
}
