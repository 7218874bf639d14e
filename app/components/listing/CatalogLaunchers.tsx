import { Link } from "@remix-run/react";

export interface CatalogLauncher {
  id: number;
  name: string;
  coverUrl: string | null;
  /** e.g. 'Nov 15 – Nov 21', or null without dates. */
  dates: string | null;
  href: string;
}

/**
 * The department's catalogs as covers linking to the catalog viewer. Shown on the department home
 * only when catalogs exist, and hidden on small screens (spec §2: the viewer needs a larger one).
 */
export function CatalogLaunchers({ catalogs }: { catalogs: CatalogLauncher[] }) {
  if (catalogs.length === 0) return null;
  return (
    <section className="catalog-launchers" aria-labelledby="catalogs-heading">
      <h2 id="catalogs-heading" className="visually-hidden">
        Catalogs
      </h2>
      <ul>
        {catalogs.map((catalog) => (
          <li key={catalog.id}>
            <Link to={catalog.href} className="catalog-launcher">
              {catalog.coverUrl ? (
                <img
                  className="catalog-launcher__cover"
                  src={catalog.coverUrl}
                  alt=""
                  width={120}
                  height={160}
                  decoding="async"
                />
              ) : null}
              <span className="catalog-launcher__body">
                <span className="catalog-launcher__eyebrow">Catalog</span>
                <span className="catalog-launcher__name">{catalog.name}</span>
                {catalog.dates ? (
                  <span className="catalog-launcher__dates">{catalog.dates}</span>
                ) : null}
                <span className="catalog-launcher__cta">
                  Browse the catalog <span aria-hidden="true">→</span>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
