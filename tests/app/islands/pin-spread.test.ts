import { describe, expect, it } from "vitest";
import { spreadPins, type ScreenPoint } from "~/islands/pin-spread";

const drawn = (points: ScreenPoint[], gap: number) =>
  spreadPins(points, gap).map((offset, i) => ({
    x: points[i]!.x + offset.x,
    y: points[i]!.y + offset.y,
  }));

const closestPair = (points: ScreenPoint[]) => {
  let closest = Infinity;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1)
      closest = Math.min(
        closest,
        Math.hypot(points[i]!.x - points[j]!.x, points[i]!.y - points[j]!.y),
      );
  return closest;
};

describe("map pins drawn apart (target size)", () => {
  it("leaves pins that are far enough apart where they are", () => {
    expect(
      spreadPins(
        [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
        ],
        30,
      ),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it("pushes two close pins apart along the line between them, half each", () => {
    const [a, b] = spreadPins(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      30,
    );
    expect(a!.x).toBeCloseTo(-10, 1);
    expect(b!.x).toBeCloseTo(10, 1);
    expect(a!.y).toBe(0);
    expect(b!.y).toBe(0);
  });

  it("parts pins on the very same spot", () => {
    const points = drawn(
      [
        { x: 50, y: 50 },
        { x: 50, y: 50 },
      ],
      30,
    );
    expect(closestPair(points)).toBeGreaterThanOrEqual(30);
  });

  it("separates a crowd of five (a town and its neighbours) with every pin near its store", () => {
    const crowd = [
      { x: 200, y: 200 },
      { x: 206, y: 203 },
      { x: 198, y: 210 },
      { x: 215, y: 195 },
      { x: 400, y: 90 },
    ];
    const points = drawn(crowd, 30);
    expect(closestPair(points)).toBeGreaterThanOrEqual(29.9);
    points.forEach((point, i) =>
      expect(Math.hypot(point.x - crowd[i]!.x, point.y - crowd[i]!.y)).toBeLessThan(40),
    );
    // The lone pin is not moved.
    expect(points[4]).toEqual(crowd[4]);
  });
});
