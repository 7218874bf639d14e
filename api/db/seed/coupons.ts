/** Digital coupons a signed-in shopper can load to their card. */
import type { Glyph } from "./pictures/glyphs";

export interface CouponSeed {
  coupon_id: string;
  key: string;
  art: Glyph;
  brand_name: string;
  short_description: string;
  requirement_description: string;
  value: number;
  expiresInDays: number;
}

export const COUPONS: CouponSeed[] = [
  {
    coupon_id: "HM-1001",
    key: "greek-yogurt",
    art: "yogurt",
    brand_name: "Hillside Creamery",
    short_description: "Save $1.00",
    requirement_description: "On any FIVE (5) Hillside Creamery Greek Yogurts, 5.3 oz",
    value: 100,
    expiresInDays: 30,
  },
  {
    coupon_id: "HM-1002",
    key: "coffee",
    art: "coffee",
    brand_name: "Lighthouse Roasters",
    short_description: "Save $2.00",
    requirement_description: "On any ONE (1) Lighthouse Roasters coffee, 12 oz",
    value: 200,
    expiresInDays: 21,
  },
  {
    coupon_id: "HM-1003",
    key: "kettle-chips",
    art: "chips",
    brand_name: "Pine Hollow Snacks",
    short_description: "Save $0.75",
    requirement_description: "On any ONE (1) Pine Hollow Kettle Cooked Potato Chips, 8 oz",
    value: 75,
    expiresInDays: 14,
  },
  {
    coupon_id: "HM-1004",
    key: "paper-towels",
    art: "roll",
    brand_name: "Clearwater Home",
    short_description: "Save $1.50",
    requirement_description: "On any ONE (1) Clearwater Home paper towels, 6 rolls or larger",
    value: 150,
    expiresInDays: 45,
  },
  {
    coupon_id: "HM-1005",
    key: "ice-cream",
    art: "icecream",
    brand_name: "Hillside Creamery",
    short_description: "Save $1.00",
    requirement_description: "On any ONE (1) Hillside Creamery ice cream, 48 oz",
    value: 100,
    expiresInDays: 7,
  },
];

export const COUPON_BY_KEY = new Map(COUPONS.map((c) => [c.key, c]));
