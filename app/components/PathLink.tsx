/**
 * A link to an absolute path, for the links a page repeats in lists (pages of results, a
 * catalog's pages and deals). With JavaScript it navigates in the app as a router `<Link>` does,
 * but it renders a plain anchor: a router link resolves its path and sets up its prefetching on
 * every render, and dozens of them were a large share of a page's server time (issue 29,
 * decision 048). `data-discover` keeps the router learning the target's route ahead, as Remix
 * finds its own links by that attribute; a list whose links all lead to one route puts it on its
 * first link only (`discover`): Remix asks the server about each path it finds, not each route.
 */
import { useNavigate } from "@remix-run/react";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

type PathLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path ('/stores/1/…'), with its query if any. */
  to: string;
  /** Whether the router learns the target's route from this link (true unless a list's first
   * link to the same route does already). */
  discover?: boolean;
};

/** A click the browser should keep: another tab or window, a download, another button. */
export function leftToBrowser(event: MouseEvent<HTMLAnchorElement>) {
  const link = event.currentTarget;
  const target = link.getAttribute("target");
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== "_self") ||
    link.hasAttribute("download")
  );
}

export function PathLink({ to, onClick, discover = true, ...props }: PathLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...props}
      href={to}
      data-discover={discover ? "true" : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || leftToBrowser(event)) return;
        event.preventDefault();
        const { pathname, search, hash } = window.location;
        // As a router link does: the page's own address again replaces it in the history.
        navigate(to, { replace: to === pathname + search + hash });
      }}
    />
  );
}
