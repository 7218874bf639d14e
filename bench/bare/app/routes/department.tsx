import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CATEGORIES, PRODUCTS } from "../catalog";
import { ProductCard } from "../ProductCard";

export const meta: MetaFunction = () => [{ title: "Grocery | Bare Market" }];

/** The render floor: a page the size of a department page, rendered from memory. */
export function loader() {
  return { categories: CATEGORIES, products: PRODUCTS };
}

export default function Department() {
  const { categories, products } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Grocery</h1>
      <h2>Categories</h2>
      <ul className="grid">
        {categories.map((category) => (
          <li key={category.id}>
            <a href={`/categories/${category.id}`}>
              <img src={category.imageUrl} alt="" width={120} height={120} />
              <span>{category.name}</span> <span>({category.count})</span>
            </a>
          </li>
        ))}
      </ul>
      <h2>Products</h2>
      <ul className="grid">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </ul>
    </>
  );
}
