/** The demo brand. Its market centre is the middle of its stores, used when nothing locates a shopper. */
import { BRAND_LOGO_URL } from "./pictures/urls";
import { STORES } from "./stores";

const mean = (values: number[]) =>
  Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1e4) / 1e4;

export const BRAND = {
  slug: "harvest-market",
  name: "Harvest Market",
  market_name: "Harvest Market",
  logo_url: BRAND_LOGO_URL,
  phone: "(609) 555-0100",
  can_change_stores: 1,
  circular_week_start: 0,
  bag_fee_amount: 10,
  timezone: "America/New_York",
  default_latitude: mean(STORES.map((s) => s.lat)),
  default_longitude: mean(STORES.map((s) => s.lng)),
} as const;
