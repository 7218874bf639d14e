/** The product title: 'Order Express' plus the market name. */
export function productTitle(marketName: string): string {
  const market = marketName.trim();
  return market ? `Order Express ${market}` : "Order Express";
}

/** '{page title} - {product title}', or the product title alone when a page has no title. */
export function pageTitle(title: string | null | undefined, product: string): string {
  const page = title?.trim();
  return page ? `${page} - ${product}` : product;
}
