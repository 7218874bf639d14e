/**
 * How long an item takes to prepare (spec §9 "Wait time"): the larger of the department's and the
 * product's lead time, in minutes. Zero shows nothing; up to 60 reads in minutes; under a day in
 * hours and minutes; a day or more in whole days.
 */

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** 45 → '45 minutes', 90 → '1 hour 30 minutes', 120 → '2 hours', 2880 → '2 days'; 0 → null. */
function formatLeadTime(minutes: number): string | null {
  if (!Number.isFinite(minutes) || minutes <= 0) return null;
  // Part minutes round up: promising less time than the kitchen needs would mislead.
  const whole = Math.ceil(minutes);
  if (whole <= MINUTES_PER_HOUR) return plural(whole, "minute");
  if (whole < MINUTES_PER_DAY) {
    const hours = Math.floor(whole / MINUTES_PER_HOUR);
    const rest = whole % MINUTES_PER_HOUR;
    return rest === 0
      ? plural(hours, "hour")
      : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
  }
  // Whole days, rounded up for the same reason: 2000 minutes needs the second day.
  return plural(Math.ceil(whole / MINUTES_PER_DAY), "day");
}

/** The lead time that applies: the larger of the department's and the product's. */
function leadTimeMinutes(departmentLeadTime: number | null, productLeadTime: number | null) {
  return Math.max(departmentLeadTime ?? 0, productLeadTime ?? 0, 0);
}

/** 'Requires 1 day to prepare', or null when the item is ready without waiting. */
export function waitTimeText(
  departmentLeadTime: number | null,
  productLeadTime: number | null,
): string | null {
  const text = formatLeadTime(leadTimeMinutes(departmentLeadTime, productLeadTime));
  return text ? `Requires ${text} to prepare` : null;
}
