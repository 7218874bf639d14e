import type { ReactNode } from "react";

interface ListingHeaderProps {
  eyebrow: string;
  title: string;
  lead?: string | null;
  children?: ReactNode;
}

/** The listing's heading: what is being browsed, its description, then the search box. */
export function ListingHeader({ eyebrow, title, lead, children }: ListingHeaderProps) {
  return (
    <header className="listing-header">
      <div className="listing-header__text">
        <p className="page-header__eyebrow">{eyebrow}</p>
        <h1>{title}</h1>
        {lead ? <p className="listing-header__lead">{lead}</p> : null}
      </div>
      {children}
    </header>
  );
}
