/**
 * A module the page needs only once the shopper acts (a form's schema, the pickup picker's slot
 * rules with date-fns): it is left out of the page's first load and fetched on first need. Until
 * it is here the page stands on what the server rendered, as it does without JavaScript.
 */
import { useState } from "react";
import { flushSync } from "react-dom";

/** One dynamic import per page load, shared by every caller. */
export function loadOnce<M>(importer: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () => (pending ??= importer());
}

export interface LazyModule<M> {
  /** The loaded module, or null while it is on its way. */
  module: M | null;
  /** Starts loading (once per page load); resolves once the module is rendered with. */
  start: () => Promise<M>;
  /** onFocus and onPointerDown for a form: loading starts before the first change or press. */
  warmUp: { onFocus?: () => void; onPointerDown?: () => void };
}

/** `load` is a module-level `loadOnce(...)`, so every component of the page shares one request. */
export function useLazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  const [module, setModule] = useState<M | null>(null);
  const start = () => {
    if (module) return Promise.resolve(module);
    return load().then((loaded) => {
      // Rendered at once: whatever waited for the module (a press sent again) sees it.
      flushSync(() => setModule(() => loaded));
      return loaded;
    });
  };
  const warm = module ? undefined : () => void start();
  return { module, start, warmUp: { onFocus: warm, onPointerDown: warm } };
}
