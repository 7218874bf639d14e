/** Promotion codes of all four types, plus one with a minimum subtotal and one that has expired. */
import { DAY } from "./time";

export interface PromotionSeed {
  code: string;
  description: string;
  type: "delivery-percentage" | "delivery-amount" | "order-percentage" | "order-amount";
  value: number;
  minimum_subtotal?: number;
  max_uses?: number;
  firstOrderOnly?: boolean;
  /** Days relative to seeding; absent means open-ended. */
  startsInDays?: number;
  endsInDays?: number;
}

export const PROMOTIONS: PromotionSeed[] = [
  {
    code: "SAVE10",
    description: "10% off your order",
    type: "order-percentage",
    value: 10,
    startsInDays: -30,
    endsInDays: 365,
  },
  {
    code: "FIVEOFF",
    description: "$5 off your order",
    type: "order-amount",
    value: 500,
    startsInDays: -30,
    endsInDays: 365,
  },
  {
    code: "FREEDELIVERY",
    description: "Free delivery",
    type: "delivery-percentage",
    value: 100,
    startsInDays: -30,
    endsInDays: 365,
  },
  {
    code: "DELIVERY3",
    description: "$3 off delivery",
    type: "delivery-amount",
    value: 300,
    startsInDays: -30,
    endsInDays: 365,
  },
  {
    code: "PARTY20",
    description: "$20 off catering orders of $150 or more",
    type: "order-amount",
    value: 2000,
    minimum_subtotal: 15000,
    startsInDays: -7,
    endsInDays: 90,
  },
  {
    code: "FIRSTORDER",
    description: "15% off your first order (first 500 shoppers)",
    type: "order-percentage",
    value: 15,
    max_uses: 500,
    firstOrderOnly: true,
  },
  {
    code: "SUMMER15",
    description: "15% off summer cookout orders (expired)",
    type: "order-percentage",
    value: 15,
    startsInDays: -120,
    endsInDays: -30,
  },
];

export const daysFrom = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY).toISOString();
