import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PRODUCTS, dollars } from "../catalog";

export const meta: MetaFunction = () => [{ title: "Bare Market" }];

/** The framework floor: a small page (24 items) rendered from memory. */
export function loader() {
  return {
    items: PRODUCTS.slice(0, 24).map((p) => ({ id: p.id, name: p.name, price: p.priceCents })),
  };
}

export default function Small() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Bare Market</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {item.name} {dollars(item.price)}
          </li>
        ))}
      </ul>
    </>
  );
}
