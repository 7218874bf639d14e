/** Meat & Seafood: cut to order by the pound; standing rib roasts priced per rib. */
import { seafoodFacets, steakFacets } from "../facets";
import type { ProductSeed } from "../types";
import { block, html, HOUSE, nf } from "./helpers";

const RANCH = "Blue Ridge Ranch";
const byPound = { unit: "pound", fractional: true, min: 0.5, max: 20, instructions: true } as const;
const beef = (cal: number, fat: number, sat: number) =>
  nf(4, "4 oz (112g) raw", cal, fat, sat, 65, 0, 0, 22);

const steaks = block(
  "meat",
  "MT-5000",
  {
    ...byPound,
    brand: RANCH,
    category: "meat-steaks",
    alsoIn: "meat-beef",
    art: "steak",
    facets: steakFacets(),
  },
  [
    {
      name: "Boneless Ribeye Steak",
      price: 1799,
      sale: 1499,
      sticky: true,
      description: html("USDA Choice, hand cut and well marbled.", [
        "Aged at least 21 days",
        "Cut to your thickness",
      ]),
      nutrition: beef(280, 22, 9),
    },
    { name: "New York Strip Steak", price: 1699, nutrition: beef(220, 14, 6) },
    { name: "Filet Mignon", price: 2999, min: 0.25, nutrition: beef(180, 9, 3.5) },
    { name: "Top Sirloin Steak", price: 999, nutrition: beef(160, 7, 3) },
    { name: "Flank Steak", price: 1199, nutrition: beef(170, 8, 3.5) },
    { name: "Outside Skirt Steak", price: 1399, nutrition: beef(210, 13, 5) },
    { name: "T-Bone Steak", price: 1499, nutrition: beef(250, 19, 8) },
    { name: "Porterhouse Steak", price: 1699, discount: 200, nutrition: beef(260, 20, 8) },
  ],
);

const roasts = block(
  "meat",
  "MT-5100",
  {
    ...byPound,
    brand: RANCH,
    category: "meat-beef-roasts",
    alsoIn: "meat-beef",
    art: "steak",
    tint: "#b03a2e",
  },
  [
    { name: "Top Round Roast", price: 699 },
    { name: "Boneless Chuck Roast", price: 749, sale: 599 },
    { name: "Eye Round Roast", price: 699 },
    { name: "First Cut Brisket", price: 999, leadTime: 1440 },
    { name: "Tri-Tip Roast", price: 899 },
  ],
);

const ground = block(
  "meat",
  "MT-5200",
  {
    ...byPound,
    brand: RANCH,
    category: "meat-ground",
    alsoIn: "meat-beef",
    art: "steak",
    tint: "#d0555a",
  },
  [
    {
      name: "80/20 Ground Chuck",
      price: 549,
      sale: 449,
      nutrition: nf(4, "4 oz (112g) raw", 290, 23, 9, 75, 0, 0, 19),
    },
    {
      name: "85/15 Ground Round",
      price: 599,
      nutrition: nf(4, "4 oz (112g) raw", 240, 17, 6.5, 75, 0, 0, 21),
    },
    {
      name: "93/7 Lean Ground Sirloin",
      price: 749,
      nutrition: nf(4, "4 oz (112g) raw", 170, 8, 3.5, 75, 0, 0, 23),
    },
    {
      name: "Steakhouse Burger Patties, 4 Count",
      price: 899,
      unit: "each",
      fractional: false,
      min: 1,
      max: 10,
      variation: "Four 1/3 lb patties",
    },
  ],
);

const primeRib = block(
  "meat",
  "MT-5300",
  {
    unit: "rib",
    min: 2,
    max: 7,
    brand: RANCH,
    category: "meat-prime-rib",
    art: "ribs",
    leadTime: 2880,
    instructions: true,
  },
  [
    {
      name: "Standing Rib Roast (Prime Rib)",
      price: 3999,
      sticky: true,
      images: 4,
      description: html("USDA Prime bone-in rib roast, priced per rib. One rib serves about two.", [
        "Order 2 days ahead",
        "Tied and frenched on request",
      ]),
      facets: [
        {
          name: "Preparation",
          required: true,
          choiceLimit: 1,
          choices: [
            { value: "Bone-in", default: true },
            { value: "Cut and tied", description: "Bones removed and tied back on" },
            { value: "Frenched bones", price: 300 },
          ],
        },
        {
          name: "Seasoning",
          choiceLimit: 1,
          choices: [
            { value: "Unseasoned", default: true },
            { value: "Garlic & Herb Crust", price: 200 },
          ],
        },
      ],
    },
    {
      name: "Crown Roast of Pork",
      price: 1299,
      art: "ribs",
      tint: "#d98b6a",
      min: 8,
      max: 16,
      variation: "Priced per rib, 8 rib minimum",
    },
    {
      name: "Frenched Rack of Lamb",
      price: 699,
      tint: "#b5523b",
      min: 4,
      max: 16,
      variation: "Priced per rib",
    },
  ],
);

const pork = block(
  "meat",
  "MT-5400",
  { ...byPound, brand: "Keystone Farms", category: "meat-pork", art: "ribs", tint: "#d98b6a" },
  [
    { name: "Center Cut Bone-In Pork Chops", price: 449, art: "steak", tint: "#e3a08a" },
    { name: "Boneless Pork Loin Roast", price: 399, art: "steak", tint: "#e3a08a" },
    { name: "Pork Tenderloin", price: 599, art: "sausage", tint: "#d98b6a" },
    { name: "Baby Back Ribs", price: 599, sale: 499 },
    { name: "St. Louis Style Spare Ribs", price: 449 },
    {
      name: "Bone-In Pork Shoulder",
      price: 249,
      art: "steak",
      tint: "#d98b6a",
      variation: "Boston butt, for pulled pork",
    },
    {
      name: "Thick Cut Applewood Bacon",
      price: 799,
      unit: "each",
      fractional: false,
      min: 1,
      max: 10,
      variation: "16 oz package",
      art: "slices",
      tint: "#c0392b",
      nutrition: nf(8, "2 slices (17g)", 90, 7, 2.5, 320, 0, 0, 6),
    },
  ],
);

const poultry = block(
  "meat",
  "MT-5500",
  { ...byPound, brand: "Green Meadow Farms", category: "meat-poultry", art: "drumstick" },
  [
    {
      name: "Boneless Skinless Chicken Breasts",
      price: 499,
      sale: 399,
      sticky: true,
      art: "steak",
      tint: "#f2c6b4",
      nutrition: nf(4, "4 oz (112g) raw", 120, 2.5, 0.5, 60, 0, 0, 24),
    },
    { name: "Boneless Chicken Thighs", price: 399, art: "steak", tint: "#efb9a0" },
    { name: "Chicken Drumsticks", price: 199 },
    { name: "Party Chicken Wings", price: 449 },
    { name: "Whole Roaster Chicken", price: 249, art: "turkey", tint: "#e7b48a" },
    { name: "Thin Sliced Chicken Cutlets", price: 599, art: "steak", tint: "#f2c6b4" },
    { name: "93% Lean Ground Turkey", price: 599, art: "steak", tint: "#e8a58f" },
    {
      name: "Fresh Whole Turkey",
      price: 299,
      art: "turkey",
      min: 10,
      max: 26,
      leadTime: 4320,
      limited: 40,
      variation: "Never frozen, 10–26 lb",
      description: html(
        "Reserve your fresh holiday turkey. Tell us the size and we pick the closest bird.",
      ),
    },
    { name: "Bone-In Turkey Breast", price: 449, art: "turkey" },
  ],
);

const sausage = block(
  "meat",
  "MT-5600",
  { ...byPound, brand: HOUSE, category: "meat-sausage", art: "sausage" },
  [
    { name: "Sweet Italian Sausage", price: 499, sale: 399 },
    { name: "Hot Italian Sausage", price: 499, tint: "#a83a2a" },
    { name: "Chicken Sausage with Spinach & Feta", price: 649, tint: "#d9a58a" },
    { name: "Bratwurst", price: 549, tint: "#d9a06a" },
    { name: "Breakfast Sausage Links", price: 549, tint: "#c9805a" },
    { name: "Smoked Kielbasa", price: 599, tint: "#8a3a2a" },
  ],
);

const fish = block(
  "meat",
  "MT-5700",
  {
    ...byPound,
    brand: "Coastal Catch",
    category: "meat-fish",
    alsoIn: "meat-seafood",
    art: "fish",
    facets: seafoodFacets(),
  },
  [
    {
      name: "Atlantic Salmon Fillet",
      price: 1199,
      sale: 999,
      tint: "#f08a6a",
      sticky: true,
      nutrition: nf(4, "4 oz (112g) raw", 230, 15, 3, 60, 0, 0, 23),
    },
    { name: "Wild Alaskan Sockeye Salmon", price: 1599, tint: "#e0553a" },
    { name: "North Atlantic Cod Fillet", price: 1399, tint: "#e8e2d6" },
    { name: "Wild Flounder Fillet", price: 1299, tint: "#e8e2d6" },
    { name: "Tilapia Fillet", price: 799, tint: "#f0d8cc" },
    { name: "Haddock Fillet", price: 1399, tint: "#e8e2d6" },
    { name: "Yellowfin Tuna Steak", price: 1899, tint: "#c0392b" },
    { name: "Swordfish Steak", price: 1799, tint: "#eddad0", limited: 3 },
  ],
);

const shellfish = block(
  "meat",
  "MT-5800",
  {
    ...byPound,
    brand: "Coastal Catch",
    category: "meat-shellfish",
    alsoIn: "meat-seafood",
    art: "shrimp",
    facets: seafoodFacets(),
  },
  [
    { name: "Jumbo Shrimp, 16/20 Count", price: 1499, sale: 1199 },
    { name: "Cooked Cocktail Shrimp", price: 1599, facets: [] },
    { name: "Dry Sea Scallops", price: 2499, art: "egg", tint: "#f3e6cc" },
    {
      name: "Littleneck Clams",
      price: 899,
      unit: "each",
      fractional: false,
      min: 1,
      max: 8,
      variation: "By the dozen",
      art: "nuts",
      tint: "#9a9a8a",
      facets: [],
    },
    { name: "Prince Edward Island Mussels", price: 499, art: "nuts", tint: "#3a3a4a", facets: [] },
    {
      name: "Live Maine Lobster",
      price: 1499,
      art: "lobster",
      min: 1,
      max: 12,
      fractional: false,
      limited: 20,
      variation: "About 1¼ lb, priced per pound",
      facets: [
        {
          name: "Steam It",
          required: true,
          choiceLimit: 1,
          choices: [{ value: "Live, packed on ice", default: true }, { value: "Steamed for you" }],
        },
      ],
    },
    {
      name: "Jumbo Lump Crab Cakes, 2 Count",
      price: 1299,
      unit: "each",
      fractional: false,
      min: 1,
      max: 10,
      art: "cookie",
      tint: "#d99a4e",
      facets: [],
    },
    {
      name: "Cold Water Lobster Tails",
      price: 1999,
      unit: "each",
      fractional: false,
      min: 1,
      max: 12,
      art: "lobster",
      variation: "5–6 oz tail",
      facets: [],
    },
  ],
);

const lambVeal = block(
  "meat",
  "MT-5900",
  { ...byPound, brand: RANCH, category: "meat-lamb-veal", art: "steak", tint: "#b5523b" },
  [
    { name: "Lamb Loin Chops", price: 1599 },
    { name: "Boneless Leg of Lamb", price: 1099, leadTime: 1440 },
    { name: "Veal Scaloppine", price: 1999, tint: "#efc0a8" },
    { name: "Ground Lamb", price: 999, tint: "#c9605a" },
  ],
);

export const MEAT_PRODUCTS: ProductSeed[] = [
  ...steaks,
  ...roasts,
  ...ground,
  ...primeRib,
  ...pork,
  ...poultry,
  ...sausage,
  ...fish,
  ...shellfish,
  ...lambVeal,
];
