import { Link } from "@remix-run/react";
import type { CategoryTile } from "~/lib/listing";

interface CategoryGridProps {
  categories: CategoryTile[];
  heading: string;
}

/** Categories as picture tiles, 2 to 4 a row by width (spec §2), featured ones first. */
export function CategoryGrid({ categories, heading }: CategoryGridProps) {
  if (categories.length === 0) return null;
  return (
    <section className="listing-section" aria-labelledby="category-grid-heading">
      <h2 id="category-grid-heading" className="listing-section__title">
        {heading}
      </h2>
      <ul className="category-grid">
        {categories.map((category, index) => (
          <li key={category.id}>
            <Link to={category.href} className="category-tile">
              <span className="category-tile__media">
                {category.imageUrl || category.iconUrl ? (
                  <img
                    className={category.imageUrl ? "category-tile__image" : "category-tile__icon"}
                    src={(category.imageUrl ?? category.iconUrl)!}
                    alt=""
                    width={category.imageUrl ? 400 : 96}
                    height={category.imageUrl ? 300 : 96}
                    loading={index < 8 ? "eager" : "lazy"}
                    decoding="async"
                  />
                ) : (
                  <span className="category-tile__placeholder" aria-hidden="true">
                    {category.name.slice(0, 1)}
                  </span>
                )}
              </span>
              <span className="category-tile__body">
                <span className="category-tile__name">{category.name}</span>
                {category.featured ? <span className="category-tile__tag">Featured</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
