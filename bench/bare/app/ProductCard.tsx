import { dollars, type BareProduct } from "./catalog";

/** A product card of the same parts as the storefront's: image, name, prices, an add form. */
export function ProductCard({ product }: { product: BareProduct }) {
  return (
    <li>
      <article className="card" aria-labelledby={`p${product.id}`}>
        <img src={product.imageUrl} alt="" width={160} height={160} loading="lazy" />
        <h3 id={`p${product.id}`}>
          <a href={`/products/${product.id}`}>{product.name}</a>
        </h3>
        <p>
          {product.brand} · {product.size}
        </p>
        <p className="price">
          {product.saleCents !== null ? (
            <>
              <span className="was">{dollars(product.priceCents)}</span>{" "}
              {dollars(product.saleCents)}
            </>
          ) : (
            dollars(product.priceCents)
          )}
          {product.soldBy === "weight" ? " / lb" : " each"}
        </p>
        <form method="post" action="/cart">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="quantity" value="1" />
          <button type="submit">Add to Cart</button>
        </form>
      </article>
    </li>
  );
}
