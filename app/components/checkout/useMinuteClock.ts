import { useEffect, useState } from "react";

const MINUTE = 60_000;

/**
 * The current time, updated each time the minute turns (spec §9: slots that just passed go away
 * while the page is open). Null until the first turn, so the server's answer stands until then
 * and hydration sees the same markup the server sent.
 */
export function useMinuteClock(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Each wait is measured again from the clock, so a late timer never drifts into the minute.
    const schedule = () => {
      timer = setTimeout(
        () => {
          setNow(new Date());
          schedule();
        },
        MINUTE - (Date.now() % MINUTE),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);
  return now;
}
