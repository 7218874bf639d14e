/**
 * The Store Locator map island's base map: the north-east states' boundaries as GeoJSON (the
 * same clipped, simplified rings the server's SVG map draws; app/.server/store-map.ts). Every
 * shopper gets the same answer, so browsers and caches keep it for a day.
 */
import { stateBoundaries } from "~/.server/store-map";

export const loader = () =>
  new Response(
    JSON.stringify({
      type: "FeatureCollection",
      features: stateBoundaries().map((state) => ({
        type: "Feature",
        properties: { name: state.name },
        geometry: { type: "MultiPolygon", coordinates: state.rings.map((ring) => [ring]) },
      })),
    }),
    {
      headers: {
        "Content-Type": "application/geo+json; charset=utf-8",
        "Cache-Control": "public, max-age=86400",
      },
    },
  );
