/** Floral: bouquets, roses, arrangements and plants; the department delivers from the store. */
import { floralFacets } from "../facets";
import type { ProductSeed } from "../types";
import { block, html, HOUSE } from "./helpers";

const GROWER = "Meadowlark Flower Co.";
const stems = {
  unit: "each",
  brand: GROWER,
  instructions: true,
  max: 6,
  leadTime: 120,
  facets: floralFacets(),
} as const;

const bouquets = block(
  "floral",
  "FL-4000",
  { ...stems, category: "floral-bouquets", art: "bouquet" },
  [
    {
      name: "Seasonal Mixed Bouquet",
      price: 1999,
      sticky: true,
      description: html("Our florists' pick of the freshest stems of the week.", [
        "About 15 stems",
        "Flower food included",
      ]),
    },
    { name: "Sunflower Bouquet", price: 1499, tint: "#f6c945" },
    { name: "Tulip Bouquet, 10 Stems", price: 1299, sale: 999, tint: "#e85a5a" },
    { name: "Alstroemeria Bouquet", price: 999, tint: "#f28fb5" },
    { name: "Stargazer Lily Bouquet", price: 2499, tint: "#e85a9b" },
    { name: "Wildflower Farmhouse Bouquet", price: 1799, tint: "#c77dff" },
  ],
);

const roses = block("floral", "FL-4100", { ...stems, category: "floral-roses", art: "rose" }, [
  {
    name: "Dozen Red Roses",
    price: 2999,
    sticky: true,
    description: html("Twelve long-stem red roses with greenery, hand-tied."),
  },
  { name: "Dozen Assorted Roses", price: 2799, tint: "#f28fb5" },
  { name: "Two Dozen Red Roses", price: 4999 },
  { name: "Single Rose in a Bud Vase", price: 899, facets: [], max: 24 },
  { name: "Spray Rose Bouquet", price: 1699, tint: "#f7b6c8" },
]);

const arrangements = block(
  "floral",
  "FL-4200",
  { ...stems, category: "floral-arrangements", art: "bouquet", leadTime: 240 },
  [
    { name: "Classic Vase Arrangement", price: 3999 },
    { name: "Low Table Centerpiece", price: 4499, tint: "#f6c945" },
    { name: "Garden Basket Arrangement", price: 4999, art: "basket" },
    { name: "Modern White Arrangement", price: 5499, tint: "#f3f0e6" },
  ],
);

const plants = block(
  "floral",
  "FL-4300",
  { unit: "each", brand: GROWER, category: "floral-plants", art: "plant", max: 6 },
  [
    {
      name: "White Phalaenopsis Orchid",
      price: 2999,
      art: "bouquet",
      tint: "#f3f0e6",
      variation: '5" pot',
    },
    { name: "Peace Lily", price: 1999, variation: '6" pot' },
    { name: "Succulent Trio", price: 1499, tint: "#7fb38a" },
    {
      name: "Potted Fall Mums",
      price: 799,
      art: "bouquet",
      tint: "#e39a2b",
      variation: '8" pot',
      limited: 3,
    },
    { name: "Red Poinsettia", price: 1299, art: "bouquet", tint: "#c0392b", variation: '6.5" pot' },
    { name: "Blue Hydrangea", price: 2499, art: "bouquet", tint: "#5fa8d3" },
  ],
);

const sympathy = block(
  "floral",
  "FL-4400",
  { ...stems, category: "floral-sympathy", art: "leaf", leadTime: 480 },
  [
    { name: "Sympathy Vase Arrangement", price: 5999, art: "bouquet", tint: "#f3f0e6" },
    {
      name: "Standing Funeral Spray",
      price: 14999,
      art: "bouquet",
      tint: "#f3f0e6",
      deliverable: false,
      leadTime: 1440,
      variation: "Pickup only: too large for our vans",
    },
    { name: "Peace Lily Sympathy Planter", price: 3999, art: "plant" },
  ],
);

const addons = block(
  "floral",
  "FL-4500",
  { unit: "each", brand: HOUSE, category: "floral-addons", art: "balloon", max: 12 },
  [
    { name: "Happy Birthday Mylar Balloon", price: 499 },
    {
      name: "Latex Balloon Bouquet, 6 Count",
      price: 1199,
      tint: "#5fa8d3",
      deliverable: false,
      variation: "Helium filled at pickup",
    },
    { name: "Greeting Card", price: 399, art: "card" },
    { name: "Chocolate Truffles, 8 Count", price: 1299, art: "candy", brand: "Cocoa Lane" },
  ],
);

export const FLORAL_PRODUCTS: ProductSeed[] = [
  ...bouquets,
  ...roses,
  ...arrangements,
  ...plants,
  ...sympathy,
  ...addons,
];
