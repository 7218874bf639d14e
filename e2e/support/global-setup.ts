/**
 * Run once before the tests, after both servers have seeded their demo databases (Playwright
 * starts its webServer entries first): every demo slot gets room for the whole suite. Every test
 * books from the same few soonest slots, and the demo's 12 places a slot
 * (api/db/seed/departments.ts) filled during a run: a test could see its slot taken between the
 * page showing it and Next, or offered as 'Only N left'. Slot capacity itself is tested by
 * slot-capacity.spec.ts with rules of its own; those are tighter, and the tightest rule covering a
 * slot is the one that applies (core/rules/slot-capacity.ts), so they still decide.
 */
import { e2eDatabase, type E2eServer } from "./api";

const ROOM_FOR_THE_SUITE = 10_000;

export default function globalSetup() {
  for (const server of ["main", "fixed-store"] satisfies E2eServer[]) {
    const db = e2eDatabase(server);
    try {
      db.prepare("UPDATE slot_capacities SET capacity = ? WHERE capacity < ?").run(
        ROOM_FOR_THE_SUITE,
        ROOM_FOR_THE_SUITE,
      );
    } finally {
      db.close();
    }
  }
}
