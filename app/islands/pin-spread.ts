/**
 * Where each map pin is drawn, in screen pixels from its store's point, so that no two pins
 * overlap (WCAG 2.5.8, target size: a pin is a link of its own). Below the spec's cluster
 * threshold the pins are never grouped, and two stores a mile apart sit on the same spot at the
 * zoom that fits five results: each pin is pushed away from its close neighbours, along the line
 * between them, until its centre is `gap` pixels from every other pin's.
 */
export interface ScreenPoint {
  x: number;
  y: number;
}

export function spreadPins(points: ScreenPoint[], gap: number, rounds = 40): ScreenPoint[] {
  const placed = points.map((point) => ({ ...point }));
  for (let round = 0; round < rounds; round += 1) {
    let moved = false;
    for (let i = 0; i < placed.length; i += 1) {
      for (let j = i + 1; j < placed.length; j += 1) {
        const a = placed[i]!;
        const b = placed[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= gap) continue;
        // Two pins on the very same spot part left and right (by their order, so it is stable).
        if (distance < 0.01) [dx, dy, distance] = [1, 0, 1];
        const push = (gap - distance) / 2 + 0.01;
        const ux = dx / distance;
        const uy = dy / distance;
        a.x -= ux * push;
        a.y -= uy * push;
        b.x += ux * push;
        b.y += uy * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return placed.map((point, i) => ({ x: point.x - points[i]!.x, y: point.y - points[i]!.y }));
}
