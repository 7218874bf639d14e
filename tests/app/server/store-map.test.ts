import { describe, expect, it } from "vitest";
import { NORTH_EAST_BOUNDS as BOX, isWithin } from "@core/rules/geo";
import { project, stateBoundaries, storeMapSvg } from "~/.server/store-map";

describe("the Store Locator's base map", () => {
  it("keeps only the north-east states, clipped to the box, and builds them once", () => {
    const states = stateBoundaries();
    const names = states.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(["New Jersey", "Pennsylvania", "Maine"]));
    expect(names).not.toContain("California");
    for (const state of states) {
      for (const [longitude, latitude] of state.rings.flat()) {
        expect(isWithin({ latitude, longitude }, BOX)).toBe(true);
      }
    }
    expect(stateBoundaries()).toBe(states);
  });

  it("projects like the island's map (Web Mercator), the box's north-west corner at 0,0", () => {
    expect(project(BOX.west, BOX.north)).toEqual([0, 0]);
    const [x, y] = project(BOX.east, BOX.south);
    expect(x).toBeCloseTo(1000);
    // Mercator stretches the north: the box's height over its width.
    expect(y / x).toBeGreaterThan(0.85);
    expect(y / x).toBeLessThan(1);
  });

  it("frames the markers in a 4:3 view, numbered as given, and keeps the path small", () => {
    const markers = [
      { number: 1, name: "Princeton", latitude: 40.3616, longitude: -74.6627 },
      { number: 2, name: "Hoboken", latitude: 40.7496, longitude: -74.0311 },
    ];
    const map = storeMapSvg(markers);
    const [left, top, width, height] = map.viewBox.split(" ").map(Number) as number[];
    expect(width! / height!).toBeCloseTo(4 / 3, 2);
    for (const marker of map.markers) {
      expect(marker.x).toBeGreaterThan(left!);
      expect(marker.x).toBeLessThan(left! + width!);
      expect(marker.y).toBeGreaterThan(top!);
      expect(marker.y).toBeLessThan(top! + height!);
    }
    expect(map.markers.map((m) => `${m.number} ${m.name}`)).toEqual(["1 Princeton", "2 Hoboken"]);
    expect(map.path.length).toBeLessThan(25_000);
    expect(storeMapSvg([]).path).toBe(map.path);
  });
});
