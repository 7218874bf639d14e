import { Link } from "@remix-run/react";

export interface DepartmentCardProps {
  to: string;
  name: string;
  caption: string | null;
  imageUrl: string | null;
}

/** A department (or pseudo-department) as a picture card linking to its listing. */
export function DepartmentCard({ to, name, caption, imageUrl }: DepartmentCardProps) {
  return (
    <Link to={to} className="tile">
      {imageUrl ? (
        <img
          className="tile__image"
          src={imageUrl}
          alt=""
          width={600}
          height={300}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="tile__placeholder" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <span className="tile__body">
        <span className="tile__title">{name}</span>
        {caption ? <span className="tile__caption">{caption}</span> : null}
      </span>
    </Link>
  );
}
