/**
 * The Store Locator's map without JavaScript (and until the map island is loaded): the states
 * around the stores and a numbered marker per store, numbered as the list is. Its data is
 * app/.server/store-map.ts (projected on the server, the same projection as the island's map).
 */
export interface StoreMapSvgProps {
  path: string;
  viewBox: string;
  markerRadius: number;
  markers: { number: number; name: string; x: number; y: number }[];
}

export function storeMapDescription(markers: { number: number; name: string }[]): string {
  if (markers.length === 0) return "No stores are shown.";
  return `Numbered markers: ${markers.map((m) => `${m.number}, ${m.name}`).join("; ")}.`;
}

export function StoreMapSvg({ path, viewBox, markerRadius: r, markers }: StoreMapSvgProps) {
  return (
    <svg
      className="store-map__svg"
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-labelledby="store-map-title store-map-desc"
      data-testid="store-map-svg"
    >
      <title id="store-map-title">Map of the stores listed</title>
      <desc id="store-map-desc">{storeMapDescription(markers)}</desc>
      <path className="store-map__states" d={path} vectorEffect="non-scaling-stroke" />
      {/* Last first, so that marker 1 is drawn on top where markers overlap. */}
      {[...markers].reverse().map((marker) => (
        <g key={marker.number} className="store-map__marker" data-marker={marker.number}>
          <circle cx={marker.x} cy={marker.y} r={r} vectorEffect="non-scaling-stroke" />
          <text x={marker.x} y={marker.y} dy="0.35em" textAnchor="middle" fontSize={r * 1.2}>
            {marker.number}
          </text>
        </g>
      ))}
    </svg>
  );
}
