/**
 * The Store Locator's map island (spec §4, §9): Leaflet with no tile server — the north-east
 * states are drawn as vector layers from /stores/boundaries.json — and a labelled marker per
 * store, numbered as the list is. Up to 5 stores the map fits them; more (every store) resets it
 * to zoom 7 at the fixed centre. From 10 markers they cluster (leaflet.markercluster).
 *
 * Loaded only on /stores, once the page has hydrated (React.lazy); until then, and without
 * JavaScript, the server's SVG map stands in its place.
 */
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import {
  STORE_MAP_CENTRE,
  STORE_MAP_CLUSTER_FROM,
  STORE_MAP_DEFAULT_ZOOM,
  STORE_MAP_FIT_AT_MOST,
} from "@core/rules/geo";
import { storeMapDescription } from "~/components/StoreMapSvg";
import { spreadPins, type ScreenPoint } from "./pin-spread";

export interface StoreMapMarker {
  number: number;
  name: string;
  latitude: number;
  longitude: number;
}

/** leaflet.markercluster extends the global `L`: give it ours, then load it (once). */
let clusterPlugin: Promise<unknown> | null = null;
function loadClusters() {
  (globalThis as unknown as { L: typeof L }).L = L;
  return (clusterPlugin ??= import("leaflet.markercluster"));
}

let boundaries: Promise<GeoJSON.FeatureCollection | null> | null = null;
function loadBoundaries() {
  return (boundaries ??= fetch("/stores/boundaries.json")
    .then((answer) => (answer.ok ? answer.json() : null))
    .catch(() => null));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PIN_SIZE = 28;
/** Centre to centre: the pin and a 4 px gap, so no pin covers another's target (WCAG 2.5.8). */
const PIN_GAP = PIN_SIZE + 4;

/** A store's pin, drawn `offset` pixels from its point when a neighbour would cover it. */
function storeIcon(marker: StoreMapMarker, offset: ScreenPoint = { x: 0, y: 0 }) {
  return L.divIcon({
    className: "store-map__pin",
    html: `${marker.number}<span class="visually-hidden">, ${escapeHtml(marker.name)}</span>`,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2 - offset.x, PIN_SIZE / 2 - offset.y],
  });
}

function clusterIcon(cluster: L.MarkerCluster) {
  const count = cluster.getChildCount();
  return L.divIcon({
    className: "store-map__cluster",
    html: `${count}<span class="visually-hidden"> stores here: zoom in to see them</span>`,
    iconSize: [36, 36],
  });
}

export default function StoreMap({ markers }: { markers: StoreMapMarker[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    const map = L.map(element, {
      center: [STORE_MAP_CENTRE.latitude, STORE_MAP_CENTRE.longitude],
      zoom: STORE_MAP_DEFAULT_ZOOM,
      // The clusters need a deepest zoom; the base map has nothing finer than a town to show.
      minZoom: 5,
      maxZoom: 12,
      attributionControl: true,
      scrollWheelZoom: false,
    });
    map.attributionControl.setPrefix(false).addAttribution("Boundaries: US Census Bureau");

    void loadBoundaries().then((geojson) => {
      if (cancelled || !geojson) return;
      L.geoJSON(geojson, { interactive: false, style: () => ({ className: "store-map__state" }) })
        .addTo(map)
        .bringToBack();
    });

    const pins = markers.map((marker) =>
      L.marker([marker.latitude, marker.longitude], {
        icon: storeIcon(marker),
        title: marker.name,
        alt: marker.name,
        riseOnHover: true,
      }),
    );
    if (markers.length > 0 && markers.length <= STORE_MAP_FIT_AT_MOST) {
      map.fitBounds(L.latLngBounds(pins.map((pin) => pin.getLatLng())), {
        padding: [32, 32],
        maxZoom: 11,
      });
    }
    if (markers.length >= STORE_MAP_CLUSTER_FROM) {
      void loadClusters().then(() => {
        if (cancelled) return;
        const group = L.markerClusterGroup({
          iconCreateFunction: clusterIcon,
          showCoverageOnHover: false,
        });
        group.addLayers(pins);
        map.addLayer(group);
        element.dataset.ready = "true";
      });
    } else {
      // Unclustered pins of stores a mile apart would sit on one another: at each zoom each is
      // drawn apart from its neighbours.
      // A pin is redrawn only when its place changes (a redrawn pin loses keyboard focus).
      const drawnAt = pins.map(() => "0,0");
      const spread = () => {
        const offsets = spreadPins(
          pins.map((pin) => map.latLngToLayerPoint(pin.getLatLng())),
          PIN_GAP,
        );
        pins.forEach((pin, i) => {
          const offset = offsets[i]!;
          const at = `${Math.round(offset.x)},${Math.round(offset.y)}`;
          if (at === drawnAt[i]) return;
          drawnAt[i] = at;
          pin.setIcon(storeIcon(markers[i]!, offset));
        });
      };
      for (const pin of pins) pin.addTo(map);
      spread();
      // After every change of view: a zoom, and the first fit, which settles only once the
      // island has its size.
      map.on("zoomend moveend resize", spread);
      element.dataset.ready = "true";
    }
    return () => {
      cancelled = true;
      map.remove();
    };
  }, [markers]);

  return (
    <div
      ref={container}
      className="store-map__island"
      role="region"
      aria-label={`Map of the stores listed. ${storeMapDescription(markers)}`}
      data-testid="store-map-island"
    />
  );
}
