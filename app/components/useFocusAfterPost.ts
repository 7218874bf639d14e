import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Focus for after a post of `intent` whose control goes away with it (a dialog's button, a row's
 * action): once the post and the reload after it are done, the returned element (a page's
 * heading, with tabIndex -1) takes focus instead of the page's start.
 */
export function useFocusAfterPost<T extends HTMLElement = HTMLHeadingElement>(intent: string) {
  const target = useRef<T>(null);
  const navigation = useNavigation();
  const posting = navigation.formData?.get("intent") === intent;
  const wasPosting = useRef(false);
  useEffect(() => {
    if (wasPosting.current && navigation.state === "idle") target.current?.focus();
    wasPosting.current = posting;
  }, [posting, navigation.state]);
  return target;
}
