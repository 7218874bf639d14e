import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CSRF_FIELD } from "~/lib/csrf";
import { useShellData } from "~/components/useShellData";

const KEYWORD = "assist";

/** Typing in a field is the shopper's own text, never the keyword. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Spec §4 assistance flag: a store associate types 'assist' on the keyboard (outside any field)
 * and the order is marked as placed with assistance (a fetcher POST to the checkout action).
 * Renders nothing; does nothing once the flag is set.
 */
export function AssistanceListener({ alreadySet }: { alreadySet: boolean }) {
  const fetcher = useFetcher();
  const csrf = useShellData()?.csrfToken ?? "";
  const typed = useRef("");
  const sent = useRef(false);

  useEffect(() => {
    if (alreadySet) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (event.key.length !== 1) return;
      typed.current = (typed.current + event.key.toLowerCase()).slice(-KEYWORD.length);
      if (typed.current === KEYWORD && !sent.current) {
        sent.current = true;
        fetcher.submit(
          { intent: "assist", [CSRF_FIELD]: csrf },
          { method: "post", action: "/checkout" },
        );
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
    // fetcher.submit is stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alreadySet, csrf]);

  return null;
}
