/** Deli: meats and cheeses sliced to order by the pound, salads, subs, hot foods and soups. */
import { packagingFacet, sliceFacet, subFacets } from "../facets";
import type { ProductSeed } from "../types";
import { block, html, HOUSE, nf } from "./helpers";

const FARM = "Stonebridge Provisions";
const sliced = { unit: "pound", fractional: true, min: 0.25, max: 10, instructions: true } as const;
const slicedDescription = (what: string) =>
  html(`${what}, sliced fresh at our deli counter the way you like it.`, [
    "Sliced to order",
    "Gluten free",
    "No artificial colors",
  ]);
const meatNutrition = (cal: number, sodium: number, protein: number) =>
  nf(8, "2 oz (56g)", cal, 1.5, 0.5, sodium, 1, 1, protein);
const cheeseNutrition = (cal: number, sodium: number) =>
  nf(16, "1 oz (28g)", cal, 8, 5, sodium, 1, 0, 6);

const turkey = block(
  "deli",
  "DL-1000",
  {
    ...sliced,
    brand: FARM,
    category: "deli-turkey-chicken",
    art: "slices",
    facets: [sliceFacet(), packagingFacet()],
  },
  [
    {
      name: "Oven Roasted Turkey Breast",
      price: 1099,
      sale: 899,
      sticky: true,
      description: slicedDescription("Whole-muscle turkey breast, slow roasted"),
      nutrition: meatNutrition(60, 480, 12),
      images: 3,
    },
    { name: "Honey Smoked Turkey Breast", price: 1149, nutrition: meatNutrition(60, 500, 11) },
    {
      name: "Maple Glazed Turkey Breast",
      price: 1149,
      brand: HOUSE,
      nutrition: meatNutrition(70, 510, 11),
    },
    { name: "Cracked Black Pepper Turkey", price: 1099, nutrition: meatNutrition(60, 470, 12) },
    {
      name: "Low Sodium Turkey Breast",
      price: 1199,
      variation: "50% less sodium than our regular turkey",
      nutrition: meatNutrition(60, 240, 12),
    },
    {
      name: "Buffalo Style Chicken Breast",
      price: 1049,
      nutrition: meatNutrition(60, 520, 12),
      tint: "#e0763a",
    },
    {
      name: "Rotisserie Seasoned Chicken Breast",
      price: 999,
      nutrition: meatNutrition(60, 450, 12),
      tint: "#e6b27a",
    },
    {
      name: "Mesquite Smoked Turkey Breast",
      price: 1149,
      discount: 100,
      nutrition: meatNutrition(60, 490, 11),
    },
  ],
);

const ham = block(
  "deli",
  "DL-1100",
  {
    ...sliced,
    brand: FARM,
    category: "deli-ham",
    art: "slices",
    tint: "#f4a0a8",
    facets: [sliceFacet(), packagingFacet()],
  },
  [
    {
      name: "Virginia Baked Ham",
      price: 899,
      sale: 749,
      description: slicedDescription("Sweet, hickory-smoked ham baked with brown sugar"),
      nutrition: meatNutrition(60, 560, 10),
    },
    { name: "Black Forest Ham", price: 949, nutrition: meatNutrition(60, 590, 10) },
    { name: "Honey Ham", price: 899, brand: HOUSE, nutrition: meatNutrition(70, 580, 10) },
    { name: "Tavern Ham", price: 799, nutrition: meatNutrition(60, 600, 10) },
    { name: "Low Sodium Ham", price: 949, nutrition: meatNutrition(60, 320, 10) },
    {
      name: "Prosciutto",
      price: 2499,
      brand: "Casa Vecchia",
      variation: "Aged 16 months",
      min: 0.125,
      nutrition: meatNutrition(110, 900, 14),
      tint: "#e7838b",
    },
    {
      name: "Hot Capicola",
      price: 1299,
      brand: "Casa Vecchia",
      nutrition: meatNutrition(100, 820, 10),
      art: "salami",
    },
    {
      name: "Pork Roll",
      price: 799,
      brand: "Shore Point",
      variation: "A Jersey breakfast classic",
      facets: [sliceFacet()],
      nutrition: meatNutrition(140, 680, 8),
    },
  ],
);

const roastBeef = block(
  "deli",
  "DL-1200",
  {
    ...sliced,
    brand: FARM,
    category: "deli-roast-beef",
    art: "steak",
    facets: [sliceFacet(), packagingFacet()],
  },
  [
    {
      name: "Top Round Roast Beef",
      price: 1299,
      description: slicedDescription("Seasoned top round, roasted medium rare"),
      nutrition: meatNutrition(70, 350, 13),
    },
    { name: "Pastrami", price: 1399, sale: 1199, nutrition: meatNutrition(80, 690, 12) },
    { name: "Corned Beef", price: 1399, nutrition: meatNutrition(80, 720, 11) },
    { name: "All Beef Bologna", price: 699, art: "slices", nutrition: meatNutrition(170, 560, 6) },
    { name: "Cajun Roast Beef", price: 1299, nutrition: meatNutrition(70, 380, 13) },
  ],
);

const italian = block(
  "deli",
  "DL-1300",
  {
    ...sliced,
    brand: "Casa Vecchia",
    category: "deli-salami",
    art: "salami",
    facets: [sliceFacet()],
  },
  [
    { name: "Genoa Salami", price: 999, nutrition: meatNutrition(110, 620, 7) },
    { name: "Hard Salami", price: 1049, nutrition: meatNutrition(110, 640, 7) },
    { name: "Sweet Sopressata", price: 1399, nutrition: meatNutrition(120, 690, 8) },
    { name: "Sliced Pepperoni", price: 899, nutrition: meatNutrition(140, 540, 6) },
    {
      name: "Mortadella with Pistachios",
      price: 1099,
      art: "slices",
      tint: "#f6b7b0",
      nutrition: meatNutrition(150, 580, 7),
    },
  ],
);

const cheese = block(
  "deli",
  "DL-1400",
  {
    ...sliced,
    brand: "Hillside Creamery",
    category: "deli-cheese-classic",
    art: "cheese",
    facets: [sliceFacet()],
  },
  [
    {
      name: "White American Cheese",
      price: 699,
      sale: 599,
      tint: "#fff4d6",
      nutrition: cheeseNutrition(100, 410),
    },
    { name: "Yellow American Cheese", price: 699, nutrition: cheeseNutrition(100, 400) },
    {
      name: "Sharp Cheddar Cheese",
      price: 899,
      tint: "#f4a020",
      nutrition: cheeseNutrition(110, 180),
    },
    { name: "Colby Jack Cheese", price: 849, nutrition: cheeseNutrition(110, 170) },
    {
      name: "Muenster Cheese",
      price: 849,
      category: "deli-cheese-swiss",
      nutrition: cheeseNutrition(100, 180),
    },
    {
      name: "Imported Swiss Cheese",
      price: 1099,
      category: "deli-cheese-swiss",
      tint: "#fbe7a1",
      nutrition: cheeseNutrition(110, 55),
    },
    {
      name: "Baby Swiss Cheese",
      price: 999,
      category: "deli-cheese-swiss",
      nutrition: cheeseNutrition(110, 60),
    },
    {
      name: "Aged Provolone Cheese",
      price: 899,
      category: "deli-cheese-swiss",
      discount: 100,
      nutrition: cheeseNutrition(100, 250),
    },
    {
      name: "Pepper Jack Cheese",
      price: 899,
      category: "deli-cheese-specialty",
      nutrition: cheeseNutrition(110, 180),
    },
    {
      name: "Dill Havarti Cheese",
      price: 1199,
      category: "deli-cheese-specialty",
      nutrition: cheeseNutrition(120, 200),
    },
    {
      name: "Smoked Gouda Cheese",
      price: 1199,
      category: "deli-cheese-specialty",
      tint: "#e0a030",
      nutrition: cheeseNutrition(110, 220),
    },
    {
      name: "Fresh Mozzarella",
      price: 999,
      category: "deli-cheese-specialty",
      tint: "#fbf7ee",
      facets: [],
      nutrition: cheeseNutrition(80, 85),
    },
  ],
);

const salads = block(
  "deli",
  "DL-1500",
  {
    unit: "pound",
    fractional: true,
    min: 0.5,
    max: 10,
    brand: HOUSE,
    category: "deli-side-salads",
    art: "salad",
  },
  [
    {
      name: "Classic Potato Salad",
      price: 499,
      art: "potato",
      description: html("Red bliss potatoes with celery, egg and a creamy dressing."),
      nutrition: nf(4, "1/2 cup (113g)", 210, 14, 2, 380, 18, 3, 3),
    },
    {
      name: "Elbow Macaroni Salad",
      price: 499,
      art: "pasta",
      nutrition: nf(4, "1/2 cup (113g)", 240, 14, 2, 390, 24, 5, 4),
    },
    {
      name: "Creamy Cole Slaw",
      price: 449,
      tint: "#d9ecc8",
      nutrition: nf(4, "1/2 cup (113g)", 160, 12, 2, 220, 12, 10, 1),
    },
    {
      name: "Pasta Primavera Salad",
      price: 599,
      art: "pasta",
      nutrition: nf(4, "1/2 cup (113g)", 190, 9, 1.5, 330, 22, 3, 5),
    },
    {
      name: "Greek Orzo Salad",
      price: 699,
      art: "pasta",
      tint: "#e8d9a8",
      nutrition: nf(4, "1/2 cup (113g)", 200, 10, 3, 420, 22, 2, 6),
    },
    {
      name: "Lemon Quinoa Salad",
      price: 799,
      variation: "Vegan",
      nutrition: nf(4, "1/2 cup (113g)", 180, 8, 1, 260, 22, 3, 5),
    },
    {
      name: "White Meat Chicken Salad",
      price: 899,
      category: "deli-protein-salads",
      sale: 799,
      nutrition: nf(4, "1/2 cup (113g)", 280, 22, 3.5, 420, 2, 1, 16),
    },
    {
      name: "Albacore Tuna Salad",
      price: 999,
      category: "deli-protein-salads",
      art: "fish",
      nutrition: nf(4, "1/2 cup (113g)", 300, 24, 4, 450, 2, 1, 17),
    },
    {
      name: "Classic Egg Salad",
      price: 599,
      category: "deli-protein-salads",
      art: "egg",
      nutrition: nf(4, "1/2 cup (113g)", 260, 22, 4.5, 380, 2, 1, 10),
    },
    {
      name: "Seafood Salad",
      price: 899,
      category: "deli-protein-salads",
      art: "shrimp",
      nutrition: nf(4, "1/2 cup (113g)", 230, 16, 2.5, 610, 12, 4, 9),
    },
  ],
);

const subs = block(
  "deli",
  "DL-1600",
  {
    unit: "each",
    brand: HOUSE,
    category: "deli-subs",
    art: "sandwich",
    instructions: true,
    max: 20,
    facets: subFacets(),
  },
  [
    {
      name: "Italian Combo Sub",
      price: 1099,
      sticky: true,
      variation: "12 inch",
      description: html("Genoa salami, capicola, ham and provolone.", [
        "Built to order",
        "Great for sharing",
      ]),
      nutrition: nf(1, "1 sub (410g)", 1180, 62, 22, 3420, 88, 6, 58),
    },
    {
      name: "Turkey Club Wrap",
      price: 999,
      nutrition: nf(1, "1 wrap (340g)", 780, 38, 12, 2150, 56, 4, 48),
    },
    {
      name: "Chicken Cutlet Parm Sub",
      price: 1199,
      variation: "12 inch, served warm",
      nutrition: nf(1, "1 sub (450g)", 1290, 54, 18, 2980, 120, 14, 66),
    },
    {
      name: "Roast Beef & Cheddar Sub",
      price: 1149,
      variation: "12 inch",
      nutrition: nf(1, "1 sub (400g)", 1020, 44, 20, 2390, 86, 5, 64),
    },
    {
      name: "Veggie Hummus Wrap",
      price: 899,
      variation: "Vegan",
      facets: [],
      nutrition: nf(1, "1 wrap (320g)", 560, 22, 3, 1180, 72, 6, 18),
    },
    {
      name: "Classic Ham & Swiss Sub",
      price: 999,
      variation: "12 inch",
      nutrition: nf(1, "1 sub (380g)", 940, 40, 16, 2640, 84, 8, 52),
    },
    {
      name: "Tuna Melt on Rye",
      price: 949,
      nutrition: nf(1, "1 sandwich (300g)", 820, 50, 14, 1560, 48, 4, 40),
    },
  ],
);

const hot = block(
  "deli",
  "DL-1700",
  {
    unit: "pound",
    fractional: true,
    min: 0.5,
    max: 8,
    brand: HOUSE,
    category: "deli-hot",
    art: "tray",
  },
  [
    {
      name: "Whole Rotisserie Chicken",
      price: 799,
      unit: "each",
      fractional: false,
      min: 1,
      max: 6,
      art: "drumstick",
      limited: 12,
      description: html("Roasted all day in our stores. Ready at the deli counter."),
      nutrition: nf(8, "3 oz (85g)", 170, 9, 2.5, 420, 0, 0, 21),
    },
    {
      name: "Crispy Chicken Tenders",
      price: 999,
      art: "drumstick",
      nutrition: nf(4, "4 oz (113g)", 290, 15, 3, 720, 16, 0, 22),
    },
    {
      name: "Meatballs in Marinara",
      price: 899,
      art: "pasta",
      tint: "#c0392b",
      nutrition: nf(4, "4 oz (113g)", 260, 16, 6, 690, 12, 5, 16),
    },
    {
      name: "Baked Ziti",
      price: 799,
      nutrition: nf(4, "1 cup (227g)", 360, 14, 7, 820, 42, 8, 17),
    },
    {
      name: "Three Cheese Mac & Cheese",
      price: 799,
      art: "tray",
      tint: "#f2c14e",
      nutrition: nf(4, "1 cup (227g)", 450, 24, 14, 980, 40, 6, 18),
    },
    {
      name: "Eggplant Parmesan",
      price: 899,
      nutrition: nf(4, "1 cup (227g)", 340, 20, 8, 760, 28, 9, 13),
    },
    {
      name: "Rosemary Roasted Red Potatoes",
      price: 599,
      art: "potato",
      tint: "#c65a4a",
      nutrition: nf(4, "1 cup (150g)", 180, 7, 1, 310, 26, 2, 3),
    },
  ],
);

const soups = block(
  "deli",
  "DL-1800",
  {
    unit: "each",
    brand: HOUSE,
    category: "deli-soups",
    art: "soup",
    variation: "32 oz quart",
    max: 12,
  },
  [
    {
      name: "Homestyle Chicken Noodle Soup",
      price: 699,
      nutrition: nf(4, "1 cup (240ml)", 110, 3, 1, 890, 13, 1, 8),
    },
    {
      name: "New England Clam Chowder",
      price: 799,
      tint: "#efe3c8",
      nutrition: nf(4, "1 cup (240ml)", 260, 16, 9, 980, 20, 3, 8),
    },
    {
      name: "Garden Minestrone Soup",
      price: 649,
      tint: "#c65a2e",
      nutrition: nf(4, "1 cup (240ml)", 120, 2.5, 0, 760, 20, 5, 5),
    },
    {
      name: "Lentil & Vegetable Soup",
      price: 649,
      tint: "#a9743a",
      nutrition: nf(4, "1 cup (240ml)", 160, 2, 0, 690, 26, 4, 9),
    },
    {
      name: "Tomato Basil Bisque",
      price: 699,
      tint: "#d64933",
      nutrition: nf(4, "1 cup (240ml)", 190, 11, 6, 820, 19, 12, 3),
    },
  ],
);

const dips = block(
  "deli",
  "DL-1900",
  { unit: "each", brand: HOUSE, category: "deli-dips", art: "dip", variation: "16 oz container" },
  [
    {
      name: "Roasted Garlic Hummus",
      price: 499,
      nutrition: nf(16, "2 tbsp (28g)", 70, 5, 0.5, 130, 4, 0, 2),
    },
    {
      name: "Spinach & Artichoke Dip",
      price: 599,
      tint: "#a7c48a",
      nutrition: nf(16, "2 tbsp (30g)", 80, 7, 3, 170, 2, 1, 2),
    },
    {
      name: "French Onion Dip",
      price: 449,
      nutrition: nf(16, "2 tbsp (30g)", 60, 5, 3, 180, 3, 1, 1),
    },
    {
      name: "Chunky Guacamole",
      price: 649,
      tint: "#7cb342",
      nutrition: nf(16, "2 tbsp (30g)", 50, 4.5, 0.5, 115, 3, 0, 1),
    },
    {
      name: "Pimento Cheese Spread",
      price: 599,
      tint: "#f08a4b",
      nutrition: nf(16, "2 tbsp (30g)", 110, 10, 4, 210, 1, 0, 3),
    },
  ],
);

const antipasto = block(
  "deli",
  "DL-1950",
  {
    unit: "pound",
    fractional: true,
    min: 0.25,
    max: 5,
    brand: "Casa Vecchia",
    category: "deli-antipasto",
    art: "olive",
  },
  [
    {
      name: "Mediterranean Olive Medley",
      price: 999,
      description: html("Kalamata, Castelvetrano and oil-cured olives with herbs."),
    },
    { name: "Marinated Mozzarella Ciliegine", price: 1099, art: "cheese", tint: "#fbf7ee" },
    { name: "Fire Roasted Red Peppers", price: 799, art: "pepper" },
    { name: "Prosciutto Stuffed Cherry Peppers", price: 1499, art: "pepper", limited: 3 },
  ],
);

export const DELI_PRODUCTS: ProductSeed[] = [
  ...turkey,
  ...ham,
  ...roastBeef,
  ...italian,
  ...cheese,
  ...salads,
  ...subs,
  ...hot,
  ...soups,
  ...dips,
  ...antipasto,
];
