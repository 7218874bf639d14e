import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CATEGORIES, MAX_CARDS, PRODUCTS, productsUpTo } from "../catalog";
import { ProductCard } from "../ProductCard";

export const meta: MetaFunction = () => [{ title: "Grocery | Bare Market" }];

/**
 * The render floor: a page the size of a department page, rendered from memory. With `?cards=N`
 * the same page with N product cards: the bench sizes it to the HTML of a page of ours, for the
 * same-size comparison beside the department-size one.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const cards = Number(new URL(request.url).searchParams.get("cards"));
  const products =
    Number.isInteger(cards) && cards > 0 ? productsUpTo(Math.min(cards, MAX_CARDS)) : PRODUCTS;
  return { categories: CATEGORIES, products };
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
