import { island } from "~/components/island";

/**
 * A department's products (ProductListing.tsx: the filter menu, the cards, the quick view, the
 * pages) as an island: until its code has arrived the list works as it does without JavaScript.
 */
export const ProductListingIsland = island("product-listing", () =>
  import("./ProductListing").then((m) => m.ProductListing),
);
