/**
 * The Store Locator's base map, without a tile server: US state boundaries from the kept
 * `us-atlas` package (Census Bureau, 1:10m), only the states in the north-east box the locator
 * serves (core/rules/geo NORTH_EAST_BOUNDS), clipped to it and simplified, then kept in memory.
 *
 * - `stateBoundaries()` — the rings in longitude/latitude: the map island draws them as Leaflet
 *   vector layers (served by /stores/boundaries.json).
 * - `storeMapSvg(points)` — the server-rendered SVG for pages without JavaScript: the same rings
 *   in Web Mercator (the island's projection), one path, and a viewBox fitted to the stores shown.
 */
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { MultiPolygon, Polygon } from "geojson";
import { NORTH_EAST_BOUNDS as BOX } from "@core/rules/geo";

type Point = [number, number];
type Ring = Point[];

export interface StateBoundary {
  name: string;
  /** Outer rings and holes alike, closed, [longitude, latitude]. */
  rings: Ring[];
}

/** Degrees: a point closer than this to the last kept one is dropped (about half a mile). */
const SIMPLIFY_DEGREES = 0.008;
/** Width of the projected box in SVG units; the SVG scales to its container. */
const PROJECTED_WIDTH = 1000;

const round = (value: number, places: number) => {
  const k = 10 ** places;
  return Math.round(value * k) / k;
};

/** Sutherland–Hodgman against one edge of the box. */
function clipEdge(ring: Ring, inside: (p: Point) => boolean, cross: (a: Point, b: Point) => Point) {
  const out: Ring = [];
  ring.forEach((current, i) => {
    const previous = ring[(i + ring.length - 1) % ring.length]!;
    if (inside(current)) {
      if (!inside(previous)) out.push(cross(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(cross(previous, current));
    }
  });
  return out;
}

const atLongitude = (a: Point, b: Point, lng: number): Point => [
  lng,
  a[1] + ((b[1] - a[1]) * (lng - a[0])) / (b[0] - a[0]),
];
const atLatitude = (a: Point, b: Point, lat: number): Point => [
  a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]),
  lat,
];

function clipToBox(ring: Ring): Ring {
  let out = ring;
  out = clipEdge(
    out,
    (p) => p[0] >= BOX.west,
    (a, b) => atLongitude(a, b, BOX.west),
  );
  out = clipEdge(
    out,
    (p) => p[0] <= BOX.east,
    (a, b) => atLongitude(a, b, BOX.east),
  );
  out = clipEdge(
    out,
    (p) => p[1] >= BOX.south,
    (a, b) => atLatitude(a, b, BOX.south),
  );
  out = clipEdge(
    out,
    (p) => p[1] <= BOX.north,
    (a, b) => atLatitude(a, b, BOX.north),
  );
  return out;
}

function simplify(ring: Ring): Ring {
  const kept: Ring = [];
  for (const point of ring) {
    const last = kept[kept.length - 1];
    if (
      !last ||
      Math.abs(point[0] - last[0]) > SIMPLIFY_DEGREES ||
      Math.abs(point[1] - last[1]) > SIMPLIFY_DEGREES
    ) {
      kept.push([round(point[0], 3), round(point[1], 3)]);
    }
  }
  return kept;
}

let boundaries: StateBoundary[] | null = null;

export function stateBoundaries(): StateBoundary[] {
  if (boundaries) return boundaries;
  const require = createRequire(import.meta.url);
  const topology = require("us-atlas/states-10m.json") as Topology<{
    states: GeometryCollection<{ name: string }>;
  }>;
  const states = feature(topology, topology.objects.states);
  boundaries = states.features
    .map((state) => {
      const geometry = state.geometry as Polygon | MultiPolygon;
      const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
      const rings = polygons
        .flat()
        .map((ring) => simplify(clipToBox(ring as Ring)))
        .filter((ring) => ring.length >= 3);
      return { name: state.properties?.name ?? "", rings };
    })
    .filter((state) => state.rings.length > 0);
  return boundaries;
}

/** Web Mercator's y for a latitude (radians of the projected plane). */
const mercatorY = (latitude: number) =>
  Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const UNITS_PER_RADIAN = PROJECTED_WIDTH / radians(BOX.east - BOX.west);

/** [longitude, latitude] → SVG units, the box's north-west corner at 0,0. */
export function project(longitude: number, latitude: number): Point {
  return [
    radians(longitude - BOX.west) * UNITS_PER_RADIAN,
    (mercatorY(BOX.north) - mercatorY(latitude)) * UNITS_PER_RADIAN,
  ];
}

let statesPath: string | null = null;

/** Every state's rings as one SVG path, to a tenth of a unit (fine enough for the closest view). */
function projectedStatesPath(): string {
  if (statesPath) return statesPath;
  statesPath = stateBoundaries()
    .flatMap((state) =>
      state.rings.map((ring) => {
        const points = ring.map(([lng, lat]) => project(lng, lat).map((v) => round(v, 1)));
        const kept = points.filter(
          (p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1],
        );
        return `M${kept.map((p) => p.join(",")).join("L")}Z`;
      }),
    )
    .join("");
  return statesPath;
}

/** The map's shape: width over height (the page reserves it, so nothing moves). */
const STORE_MAP_ASPECT = 4 / 3;
/** The smallest span shown, in SVG units (about 85 miles across). */
const MIN_SPAN = 120;

export interface StoreMapMarker {
  number: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** The SVG map's data: the states' path, a viewBox around the markers and the markers placed. */
export function storeMapSvg(markers: readonly StoreMapMarker[]) {
  const placed = markers.map((marker) => {
    const [x, y] = project(marker.longitude, marker.latitude);
    return { number: marker.number, name: marker.name, x: round(x, 1), y: round(y, 1) };
  });
  const xs = placed.length ? placed.map((m) => m.x) : [0, PROJECTED_WIDTH];
  const ys = placed.length ? placed.map((m) => m.y) : [0, project(BOX.west, BOX.south)[1]];
  let width = Math.max(MIN_SPAN, Math.max(...xs) - Math.min(...xs)) * 1.25;
  let height = Math.max(MIN_SPAN, Math.max(...ys) - Math.min(...ys)) * 1.25;
  if (width / height > STORE_MAP_ASPECT) height = width / STORE_MAP_ASPECT;
  else width = height * STORE_MAP_ASPECT;
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  const viewBox = [cx - width / 2, cy - height / 2, width, height].map((v) => round(v, 1));
  return {
    path: projectedStatesPath(),
    viewBox: viewBox.join(" "),
    /** Marker size in SVG units, so markers look the same size at every zoom. */
    markerRadius: round(width / 32, 2),
    markers: placed,
  };
}
