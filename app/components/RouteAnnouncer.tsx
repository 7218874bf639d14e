import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { pageAddress } from "~/lib/dialog-url";
import { focusIsLost, focusMainHeading } from "./focus-main-heading";

/**
 * What a full page load gives a screen reader for free, after a client-side navigation (WCAG
 * 2.4.3, 4.1.3): the new page's title read out from a live region, and focus on its level-1
 * heading, so the next Tab starts at the content as it would on a fresh page. Focus is moved only
 * when it was lost with the old page (on the body) or is still on the header, trail or footer link
 * that was pressed. It stays where it is when the page placed it on arrival (an error, a dialog)
 * and on a control of the page that stayed (a filter, a page turn of the circular): those update
 * the page in place, and the title is only read out. Opening or closing a dialog is not a new page.
 * The heading is focused without scrolling, so scroll restoration (top for a new page, the old
 * place on Back) stays as it was. Without JavaScript every navigation is a page load and none of
 * this runs.
 */
export function RouteAnnouncer() {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const address = pageAddress(pathname, search);
  const shown = useRef(address);
  const focusWhenLeft = useRef<Element | null>(null);
  const [announcement, setAnnouncement] = useState("");

  // Where focus was as the navigation started: the element a new page may take it from.
  useEffect(() => {
    if (navigation.state !== "idle") focusWhenLeft.current = document.activeElement;
  }, [navigation.state]);

  useEffect(() => {
    if (shown.current === address) return;
    shown.current = address;
    const left = focusWhenLeft.current;
    focusWhenLeft.current = null;
    // After the commit: the new title is in the document and the page's own effects have run.
    const frame = requestAnimationFrame(() => {
      setAnnouncement(document.title);
      const active = document.activeElement;
      const onShellLink = active === left && !document.getElementById("main")?.contains(active);
      if (focusIsLost() || onShellLink) focusMainHeading();
    });
    return () => cancelAnimationFrame(frame);
  }, [address]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-route-announcer>
      {announcement}
    </div>
  );
}
