import { Link, useMatches, type UIMatch } from "@remix-run/react";
import { HomeLink } from "./HomeLink";

export interface Crumb {
  label: string;
  to: string;
}

/**
 * A route's `handle.breadcrumb`: its crumb from its match, or null (e.g. when its loader failed
 * and `match.data` is missing).
 */
export interface BreadcrumbHandle {
  breadcrumb?: (match: UIMatch<unknown, unknown>) => Crumb | null;
}

export function Breadcrumbs() {
  const crumbs = useMatches().flatMap((match) => {
    const crumb = (match.handle as BreadcrumbHandle | undefined)?.breadcrumb?.(match);
    return crumb ? [crumb] : [];
  });
  // 'Home' alone says nothing.
  if (crumbs.length < 2) return null;

  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol className="container">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={`${index}:${crumb.to}`}>
              {current ? (
                <Link to={crumb.to} aria-current="page">
                  {crumb.label}
                </Link>
              ) : crumb.to === "/" ? (
                <HomeLink>{crumb.label}</HomeLink>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
