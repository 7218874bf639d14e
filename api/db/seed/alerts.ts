/** Alerts shown once per shopper: a brand-wide message, a store's image banner, and an expired one. */
export interface AlertSeed {
  key: string;
  type: "message" | "image";
  name: string;
  message?: string;
  altText?: string;
  /** Store position, or null for every store of the brand. */
  store: number | null;
  startsInDays: number;
  endsInDays: number;
  weight: number;
}

export const ALERTS: AlertSeed[] = [
  {
    key: "holiday-ordering",
    type: "message",
    name: "Holiday ordering is open",
    message:
      "Holiday dinners and party platters can now be ordered up to 45 days ahead. Order by the Monday before Thanksgiving.",
    store: null,
    startsInDays: -1,
    endsInDays: 30,
    weight: 10,
  },
  {
    key: "curbside",
    type: "image",
    name: "Curbside pickup is here",
    altText:
      "Curbside pickup now at Harvest Market Princeton: park in a marked space and we bring your order out.",
    store: 0,
    startsInDays: -2,
    endsInDays: 14,
    weight: 20,
  },
  {
    key: "summer-hours",
    type: "message",
    name: "Summer hours",
    message: "Our delis close at 8 pm on Sundays through Labor Day.",
    store: null,
    startsInDays: -90,
    endsInDays: -1,
    weight: 30,
  },
];

export const ALERT_IMAGES: Record<string, { title: string; line: string }> = {
  curbside: { title: "Curbside pickup is here", line: "Park in a marked space. We bring it out." },
};
