/** Shortcuts on the departments page that lead to one product or one category of a department. */
import { departmentImageUrl } from "./pictures/urls";
import type { DepartmentKind } from "./types";

export interface PseudoDepartmentSeed {
  key: string;
  name: string;
  caption: string;
  kind: DepartmentKind;
  target: { type: "product"; product: string } | { type: "category"; category: string };
  weight: number;
  /** Which stores show it (by position); all when absent. */
  stores?: (index: number) => boolean;
}

export const PSEUDO_DEPARTMENTS: PseudoDepartmentSeed[] = [
  {
    key: "thanksgiving",
    name: "Thanksgiving Dinner",
    caption: "A complete turkey dinner for 8–10, ready to heat",
    kind: "catering",
    target: { type: "product", product: "Traditional Turkey Dinner" },
    weight: 5,
  },
  {
    key: "birthday-cakes",
    name: "Birthday Cakes",
    caption: "Design a cake with your message or photo",
    kind: "bakery",
    target: { type: "category", category: "bakery-cakes" },
    weight: 15,
    stores: (i) => i % 2 === 0,
  },
  {
    key: "game-day",
    name: "Game Day",
    caption: "Subs, wings and party packs for the big game",
    kind: "catering",
    target: { type: "category", category: "catering-party-packs" },
    weight: 55,
    stores: (i) => i % 3 === 0,
  },
];

export const pseudoImageUrl = (key: string) => departmentImageUrl(key);
