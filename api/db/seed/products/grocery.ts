/** Grocery: produce, dairy, pantry, snacks, beverages, frozen, bulk foods and household goods. */
import type { ProductSeed } from "../types";
import { block, html, HOUSE, nf, type ProductRow } from "./helpers";

const GARDEN = "Garden State Growers";
const DAIRY = "Hillside Creamery";
const PANTRY = "Golden Grain Co.";
const SNACK = "Pine Hollow Snacks";
const loose = { unit: "pound", fractional: true, min: 0.5, max: 10, brand: GARDEN } as const;

/** One row per flavour or variety of the same product line. */
const family = (make: (variety: string) => ProductRow, varieties: string[]): ProductRow[] =>
  varieties.map(make);

const fruit = block(
  "grocery",
  "GR-6000",
  { unit: "each", brand: GARDEN, category: "grocery-fruit", art: "apple", max: 24 },
  [
    {
      ...loose,
      name: "Bananas",
      price: 69,
      art: "banana",
      sticky: true,
      nutrition: nf(1, "1 medium (118g)", 110, 0, 0, 0, 28, 15, 1),
    },
    { ...loose, name: "Gala Apples", price: 199, discount: 40, tint: "#e0603a" },
    { ...loose, name: "Honeycrisp Apples", price: 299, sale: 249, tint: "#d9442e" },
    { ...loose, name: "Granny Smith Apples", price: 199, tint: "#8cc152" },
    { ...loose, name: "Bartlett Pears", price: 189, tint: "#c5d65a" },
    {
      ...loose,
      name: "Red Seedless Grapes",
      price: 299,
      sale: 199,
      art: "grapes",
      tint: "#a23a5a",
    },
    {
      ...loose,
      name: "Jersey Peaches",
      price: 249,
      art: "apple",
      tint: "#f5a05a",
      variation: "In season July–September",
    },
    { name: "Navel Oranges", price: 99, art: "citrus" },
    { name: "Lemons", price: 79, art: "citrus", tint: "#f6d32d" },
    { name: "Limes", price: 50, art: "citrus", tint: "#6abf4b" },
    {
      name: "Strawberries, 1 lb Clamshell",
      price: 399,
      sale: 299,
      art: "berries",
      tint: "#e23b2e",
    },
    { name: "Blueberries, 1 Pint", price: 449, art: "berries" },
    { name: "Raspberries, 6 oz", price: 399, art: "berries", tint: "#d6336c" },
    { name: "Golden Pineapple", price: 349, art: "citrus", tint: "#f2c14e" },
    { name: "Cantaloupe", price: 399, art: "citrus", tint: "#f0a35a" },
    { name: "Ataulfo Mango", price: 129, art: "potato", tint: "#f5b83d" },
    { name: "Hass Avocado", price: 149, art: "egg", tint: "#4e7a2a" },
  ],
);

const vegetables = block(
  "grocery",
  "GR-6100",
  { unit: "each", brand: GARDEN, category: "grocery-vegetables", art: "carrot", max: 24 },
  [
    { ...loose, name: "Broccoli Crowns", price: 229, art: "greens", tint: "#3f8f3a" },
    { name: "Carrots, 2 lb Bag", price: 199 },
    { name: "Yellow Onions, 3 lb Bag", price: 349, art: "potato", tint: "#d9a441" },
    { name: "Russet Potatoes, 5 lb Bag", price: 499, art: "potato", sale: 399, discount: 50 },
    { ...loose, name: "Sweet Potatoes", price: 129, art: "potato", tint: "#c0603a" },
    { name: "Red Bell Pepper", price: 149, art: "pepper" },
    { name: "Green Bell Pepper", price: 99, art: "pepper", tint: "#3f8f3a" },
    { ...loose, name: "Roma Tomatoes", price: 179, art: "tomato" },
    {
      ...loose,
      name: "Jersey Tomatoes",
      price: 299,
      art: "tomato",
      tint: "#d62828",
      variation: "Locally grown, in season",
    },
    { name: "English Cucumber", price: 129, art: "pepper", tint: "#4e9a35" },
    { ...loose, name: "Zucchini", price: 179, art: "pepper", tint: "#5a8f3a" },
    { name: "Sweet Corn", price: 69, art: "corn", variation: "Sold by the ear" },
    { name: "Garlic Bulb", price: 69, art: "potato", tint: "#efe8da" },
    { name: "Celery Hearts", price: 299, art: "greens", tint: "#9bd47a" },
    { name: "Cauliflower", price: 349, art: "greens", tint: "#f3efe2" },
    { name: "White Mushrooms, 8 oz", price: 249, art: "egg", tint: "#efe8da" },
    { ...loose, name: "Asparagus", price: 399, art: "greens", tint: "#6a9a3a" },
  ],
);

const salad = block(
  "grocery",
  "GR-6200",
  { unit: "each", brand: GARDEN, category: "grocery-salad-herbs", art: "greens", max: 12 },
  [
    { name: "Romaine Hearts, 3 Count", price: 399 },
    { name: "Organic Spring Mix, 5 oz", price: 399, sale: 349 },
    { name: "Organic Baby Spinach, 5 oz", price: 349, tint: "#3f7f2a" },
    { name: "Iceberg Lettuce", price: 199, tint: "#b5e08a" },
    { name: "Fresh Basil", price: 249, art: "leaf" },
    { name: "Cilantro Bunch", price: 99, art: "leaf", tint: "#4e9a35" },
    { name: "Lacinato Kale", price: 199, art: "leaf", tint: "#2f5f3a" },
    { name: "Caesar Salad Kit", price: 399, art: "salad", brand: HOUSE },
  ],
);

const milk = block(
  "grocery",
  "GR-6300",
  { unit: "each", brand: DAIRY, category: "grocery-milk", art: "milk", max: 6 },
  [
    {
      name: "Whole Milk, 1 Gallon",
      price: 449,
      sticky: true,
      nutrition: nf(16, "1 cup (240ml)", 150, 8, 5, 125, 12, 12, 8),
    },
    {
      name: "2% Reduced Fat Milk, 1 Gallon",
      price: 429,
      tint: "#5b8fd8",
      nutrition: nf(16, "1 cup (240ml)", 120, 5, 3, 125, 12, 12, 8),
    },
    { name: "1% Low Fat Milk, Half Gallon", price: 299, tint: "#8a5bd8" },
    { name: "Fat Free Milk, Half Gallon", price: 299, tint: "#d85b8a" },
    { name: "Organic Whole Milk, Half Gallon", price: 499, tint: "#3a9a5a" },
    { name: "Chocolate Milk, Half Gallon", price: 349, tint: "#7b4a2a" },
    { name: "Original Oat Milk, Half Gallon", price: 449, brand: "Maple Ridge", tint: "#c9a27a" },
    {
      name: "Unsweetened Almond Milk, Half Gallon",
      price: 399,
      brand: "Maple Ridge",
      tint: "#b07444",
    },
    { name: "Heavy Whipping Cream, 1 Pint", price: 499, tint: "#6fa8dc" },
    { name: "Half & Half, 1 Quart", price: 399, tint: "#9fc5e8" },
  ],
);

const yogurt = block(
  "grocery",
  "GR-6400",
  { unit: "each", brand: DAIRY, category: "grocery-yogurt", art: "yogurt", max: 24 },
  [
    ...family(
      (flavor) => ({
        name: `Greek Yogurt, ${flavor}, 5.3 oz`,
        price: 149,
        tint: {
          Plain: "#cfd8dc",
          Vanilla: "#f2e2b0",
          Strawberry: "#f28fb5",
          Blueberry: "#5b6fd8",
          Honey: "#f2c14e",
          Peach: "#f5a05a",
        }[flavor],
        nutrition: nf(
          1,
          "1 container (150g)",
          flavor === "Plain" ? 90 : 120,
          0,
          0,
          55,
          flavor === "Plain" ? 6 : 14,
          flavor === "Plain" ? 4 : 11,
          15,
        ),
      }),
      ["Plain", "Vanilla", "Strawberry", "Blueberry", "Honey", "Peach"],
    ),
    { name: "Whole Milk Plain Yogurt, 32 oz", price: 449 },
    { name: "Low Fat Vanilla Yogurt, 32 oz", price: 449, tint: "#f2e2b0" },
    { name: "Kids Yogurt Tubes, 8 Count", price: 399, tint: "#c77dff", sale: 329 },
  ],
);

const cheese = block(
  "grocery",
  "GR-6500",
  { unit: "each", brand: DAIRY, category: "grocery-cheese", art: "cheese", max: 12 },
  [
    { name: "Extra Sharp Cheddar Block, 8 oz", price: 399, tint: "#f4a020" },
    { name: "Shredded Low-Moisture Mozzarella, 8 oz", price: 349, sale: 279, tint: "#fbf0c8" },
    { name: "Shredded Mexican Blend, 8 oz", price: 349 },
    { name: "Original Cream Cheese, 8 oz", price: 299, art: "butter", tint: "#f3efe2" },
    { name: "Mozzarella String Cheese, 12 Count", price: 549, tint: "#fbf0c8" },
    { name: "Grated Parmesan, 8 oz", price: 499, art: "jar", tint: "#2f6f3a" },
    { name: "Small Curd Cottage Cheese, 16 oz", price: 349, art: "yogurt", tint: "#6fa8dc" },
    { name: "Crumbled Feta, 6 oz", price: 399, tint: "#f3efe2" },
  ],
);

const eggs = block(
  "grocery",
  "GR-6600",
  {
    unit: "each",
    brand: "Green Meadow Farms",
    category: "grocery-eggs-butter",
    art: "egg",
    max: 6,
  },
  [
    {
      name: "Large White Eggs, 1 Dozen",
      price: 349,
      sticky: true,
      nutrition: nf(12, "1 large egg (50g)", 70, 5, 1.5, 70, 0, 0, 6),
    },
    { name: "Cage-Free Brown Eggs, 1 Dozen", price: 449, tint: "#e8c9a0" },
    { name: "Organic Pasture-Raised Eggs, 1 Dozen", price: 699, tint: "#f0d6b0" },
    {
      name: "Salted Butter, 1 lb",
      price: 549,
      art: "butter",
      brand: DAIRY,
      sale: 449,
      discount: 75,
    },
    { name: "Unsalted Butter, 1 lb", price: 549, art: "butter", brand: DAIRY },
    {
      name: "Plant-Based Butter Sticks",
      price: 499,
      art: "butter",
      brand: "Maple Ridge",
      tint: "#e8d27a",
    },
  ],
);

const pasta = block(
  "grocery",
  "GR-6700",
  {
    unit: "each",
    brand: "Casa Vecchia",
    category: "grocery-pasta-sauce",
    art: "box",
    tint: "#1d4e89",
    max: 24,
  },
  [
    ...family(
      (shape) => ({
        name: `${shape}, 1 lb`,
        price: 199,
        sale: shape === "Penne Rigate" || shape === "Rigatoni" ? 129 : undefined,
        nutrition: nf(8, "2 oz (56g) dry", 200, 1, 0, 0, 42, 2, 7),
      }),
      [
        "Spaghetti",
        "Penne Rigate",
        "Rigatoni",
        "Linguine",
        "Farfalle",
        "Elbow Macaroni",
        "Rotini",
        "Orzo",
      ],
    ),
    ...family(
      (sauce) => ({
        name: `${sauce} Sauce, 24 oz`,
        price: 549,
        art: "jar",
        tint: sauce === "Alfredo" ? "#efe3c8" : sauce === "Vodka" ? "#e07a5a" : "#c0392b",
        sale: sauce === "Marinara" ? 449 : undefined,
        nutrition: nf(
          5,
          "1/2 cup (125g)",
          sauce === "Alfredo" ? 110 : 70,
          sauce === "Alfredo" ? 10 : 2.5,
          1,
          440,
          9,
          5,
          2,
        ),
        sodiumWarning: false,
      }),
      ["Marinara", "Tomato Basil", "Vodka", "Arrabbiata", "Alfredo"],
    ),
  ],
);

const canned = block(
  "grocery",
  "GR-6800",
  { unit: "each", brand: PANTRY, category: "grocery-canned", art: "can", max: 24 },
  [
    { name: "Crushed Tomatoes, 28 oz", price: 249, brand: "Casa Vecchia", sale: 199 },
    { name: "Diced Tomatoes, 14.5 oz", price: 149, brand: "Casa Vecchia" },
    { name: "Black Beans, 15.5 oz", price: 129, tint: "#2f2f3a" },
    { name: "Chickpeas, 15.5 oz", price: 129, tint: "#d9b36a" },
    { name: "Cannellini Beans, 15.5 oz", price: 149, tint: "#efe8da" },
    {
      name: "Chunky Chicken Noodle Soup, 18.6 oz",
      price: 299,
      tint: "#e9a23b",
      nutrition: nf(2, "1 cup (245g)", 120, 3, 1, 890, 15, 1, 9),
    },
    {
      name: "Chunk Light Tuna in Water, 5 oz",
      price: 149,
      brand: "Coastal Catch",
      art: "fish",
      sale: 99,
    },
    {
      name: "Chicken Broth, 32 oz",
      price: 299,
      art: "milk",
      tint: "#e9a23b",
      nutrition: nf(4, "1 cup (240ml)", 10, 0, 0, 860, 1, 1, 1),
    },
  ],
);

const baking = block(
  "grocery",
  "GR-6900",
  { unit: "each", brand: PANTRY, category: "grocery-baking", art: "box", tint: "#d4a23a", max: 12 },
  [
    { name: "All-Purpose Flour, 5 lb", price: 399, art: "wheat" },
    { name: "Granulated Sugar, 4 lb", price: 379, tint: "#5fa8d3" },
    { name: "Light Brown Sugar, 2 lb", price: 299, tint: "#b5793a" },
    { name: "Baking Soda, 1 lb", price: 129, tint: "#e76f51" },
    { name: "Pure Vanilla Extract, 2 oz", price: 799, art: "bottle", tint: "#5b3a29" },
    {
      name: "Semi-Sweet Chocolate Chips, 12 oz",
      price: 399,
      art: "chips",
      tint: "#5b3a29",
      sale: 299,
    },
  ],
);

const condiments = block(
  "grocery",
  "GR-7000",
  { unit: "each", brand: HOUSE, category: "grocery-condiments", art: "jar", max: 12 },
  [
    { name: "Tomato Ketchup, 32 oz", price: 299, art: "bottle", tint: "#d62828" },
    { name: "Yellow Mustard, 14 oz", price: 199, art: "bottle", tint: "#f2c14e" },
    { name: "Real Mayonnaise, 30 oz", price: 549, tint: "#f3efe2" },
    {
      name: "Extra Virgin Olive Oil, 16.9 oz",
      price: 899,
      art: "oil",
      brand: "Casa Vecchia",
      sale: 749,
    },
    { name: "Red Wine Vinegar, 16 oz", price: 299, art: "oil", tint: "#8a2a3a" },
    { name: "Wildflower Honey, 12 oz", price: 699, tint: "#e8a82e", brand: "Pine Hollow Apiary" },
    { name: "Creamy Peanut Butter, 16 oz", price: 349, tint: "#c68b59" },
    { name: "Strawberry Preserves, 18 oz", price: 399, tint: "#c0392b" },
    {
      name: "Pure Maple Syrup, 12 oz",
      price: 1099,
      art: "bottle",
      tint: "#b5651d",
      brand: "Maple Ridge",
    },
  ],
);

const grains = block(
  "grocery",
  "GR-7100",
  { unit: "each", brand: PANTRY, category: "grocery-rice-grains", art: "rice", max: 12 },
  [
    { name: "Long Grain White Rice, 2 lb", price: 299 },
    { name: "Jasmine Rice, 2 lb", price: 449, art: "box", tint: "#2a9d8f" },
    { name: "Brown Rice, 2 lb", price: 349, tint: "#c9a27a" },
    { name: "Organic Tri-Color Quinoa, 12 oz", price: 599, art: "box", tint: "#7d3c98" },
  ],
);

const breakfast = block(
  "grocery",
  "GR-7200",
  { unit: "each", brand: "Sunny Acres", category: "grocery-breakfast", art: "box", max: 12 },
  [
    ...family(
      (cereal) => ({
        name: `${cereal} Cereal`,
        price: 399,
        sale: cereal === "Honey Oat Clusters" ? 299 : undefined,
        tint: {
          "Honey Oat Clusters": "#e9a23b",
          "Toasted Oat Rings": "#f2c14e",
          "Raisin Bran Flakes": "#7d3c98",
          "Frosted Corn Flakes": "#1d4e89",
          "Cinnamon Crunch Squares": "#b5651d",
          "Fruity Puffs": "#d6336c",
        }[cereal],
        nutrition: nf(10, "1 cup (36g)", 140, 2, 0, 190, 30, 9, 3),
      }),
      [
        "Honey Oat Clusters",
        "Toasted Oat Rings",
        "Raisin Bran Flakes",
        "Frosted Corn Flakes",
        "Cinnamon Crunch Squares",
        "Fruity Puffs",
      ],
    ),
    { name: "Old Fashioned Rolled Oats, 42 oz", price: 549, art: "can", tint: "#c9a27a" },
    { name: "Maple Pecan Granola, 12 oz", price: 499, art: "chips", tint: "#b5651d" },
    { name: "Buttermilk Pancake Mix, 32 oz", price: 349, tint: "#f2c14e" },
    { name: "Frosted Strawberry Toaster Pastries, 8 Count", price: 299, tint: "#f28fb5" },
  ],
);

const chips = block(
  "grocery",
  "GR-7300",
  { unit: "each", brand: SNACK, category: "grocery-chips", art: "chips", max: 12 },
  [
    ...family(
      (flavor) => ({
        name: `Kettle Cooked Potato Chips, ${flavor}, 8 oz`,
        price: 449,
        sale: flavor === "Sea Salt" ? 349 : undefined,
        tint: {
          "Sea Salt": "#f4a261",
          "Salt & Vinegar": "#5fa8d3",
          Barbecue: "#c0392b",
          Jalapeño: "#3f8f3a",
          "Sour Cream & Onion": "#7fb38a",
        }[flavor],
        nutrition: nf(
          8,
          "1 oz (28g)",
          150,
          9,
          1,
          flavor === "Salt & Vinegar" ? 230 : 115,
          16,
          0,
          2,
        ),
      }),
      ["Sea Salt", "Salt & Vinegar", "Barbecue", "Jalapeño", "Sour Cream & Onion"],
    ),
    { name: "Restaurant Style Tortilla Chips, 13 oz", price: 399, tint: "#e9c46a" },
    { name: "Medium Chunky Salsa, 16 oz", price: 349, art: "jar", tint: "#d64933" },
    { name: "Salsa Verde, 16 oz", price: 349, art: "jar", tint: "#6a9a3a" },
    { name: "Sourdough Pretzel Nuggets, 16 oz", price: 349, tint: "#b5651d" },
    { name: "White Cheddar Popcorn, 6 oz", price: 399, tint: "#f3efe2" },
  ],
);

const crackers = block(
  "grocery",
  "GR-7400",
  { unit: "each", brand: SNACK, category: "grocery-crackers", art: "box", max: 12 },
  [
    { name: "Classic Butter Crackers, 13.7 oz", price: 399, tint: "#e76f51" },
    { name: "Woven Wheat Crackers, 9 oz", price: 399, tint: "#b5793a" },
    { name: "Sea Salt Water Crackers, 4.4 oz", price: 299, tint: "#5fa8d3" },
    {
      name: "Chocolate Sandwich Cookies, 14 oz",
      price: 399,
      art: "cookie",
      tint: "#3a2a1a",
      sale: 299,
    },
    { name: "Chewy Chocolate Chip Cookies, 13 oz", price: 399, art: "cookie" },
    { name: "Vanilla Wafers, 11 oz", price: 349, art: "cookie", tint: "#e9c46a" },
  ],
);

const nuts = block(
  "grocery",
  "GR-7500",
  { unit: "each", brand: SNACK, category: "grocery-nuts", art: "nuts", max: 12 },
  [
    { name: "Lightly Salted Mixed Nuts, 15 oz", price: 899, art: "can", tint: "#c68b59" },
    { name: "Roasted Almonds, 16 oz", price: 799, art: "chips", tint: "#b07444" },
    { name: "Mountain Trail Mix, 26 oz", price: 899, art: "chips", tint: "#7d3c98" },
    {
      name: "Chewy Granola Bars, Chocolate Chip, 8 Count",
      price: 349,
      art: "box",
      tint: "#5b3a29",
    },
    { name: "Peanut Butter Protein Bars, 5 Count", price: 599, art: "box", tint: "#c68b59" },
  ],
);

const water = block(
  "grocery",
  "GR-7600",
  { unit: "each", brand: "Blue Harbor", category: "grocery-water", art: "bottle", max: 10 },
  [
    {
      name: "Natural Spring Water, 24 Pack",
      price: 499,
      sticky: true,
      tint: "#5fa8d3",
      deliverable: true,
    },
    ...family(
      (flavor) => ({
        name: `Sparkling Water, ${flavor}, 8 Pack`,
        price: 449,
        art: "can",
        sale: flavor === "Lime" ? 349 : undefined,
        tint: {
          Lime: "#6abf4b",
          "Black Cherry": "#8a2a3a",
          Grapefruit: "#f28c6a",
          Lemon: "#f2c14e",
          Unflavored: "#5fa8d3",
        }[flavor],
      }),
      ["Unflavored", "Lime", "Black Cherry", "Grapefruit", "Lemon"],
    ),
  ],
);

const juice = block(
  "grocery",
  "GR-7700",
  { unit: "each", brand: "Sunny Acres", category: "grocery-juice-soda", art: "milk", max: 10 },
  [
    {
      name: "Orange Juice, No Pulp, 52 oz",
      price: 449,
      tint: "#f59e0b",
      sale: 349,
      nutrition: nf(6, "8 fl oz (240ml)", 110, 0, 0, 0, 26, 22, 2),
    },
    { name: "100% Apple Juice, 64 oz", price: 349, art: "bottle", tint: "#e9a23b" },
    { name: "Cranberry Juice Cocktail, 64 oz", price: 399, art: "bottle", tint: "#a4161a" },
    { name: "Old Fashioned Lemonade, 52 oz", price: 349, tint: "#f6d32d" },
    { name: "Cola, 12 Pack Cans", price: 699, art: "can", brand: "Harbor Light", tint: "#a4161a" },
    {
      name: "Ginger Ale, 12 Pack Cans",
      price: 699,
      art: "can",
      brand: "Harbor Light",
      tint: "#2a9d8f",
      sale: 499,
    },
    {
      name: "Lemon Lime Soda, 2 Liter",
      price: 249,
      art: "bottle",
      brand: "Harbor Light",
      tint: "#6abf4b",
    },
  ],
);

const coffee = block(
  "grocery",
  "GR-7800",
  {
    unit: "each",
    brand: "Lighthouse Roasters",
    category: "grocery-coffee-tea",
    art: "coffee",
    max: 10,
  },
  [
    {
      name: "Breakfast Blend Ground Coffee, 12 oz",
      price: 899,
      art: "chips",
      tint: "#6f4e37",
      sale: 699,
    },
    { name: "French Roast Whole Bean Coffee, 12 oz", price: 999, art: "chips", tint: "#3a2a1a" },
    { name: "Decaf Ground Coffee, 12 oz", price: 899, art: "chips", tint: "#2a9d8f" },
    { name: "Single-Serve Coffee Pods, 24 Count", price: 1499, art: "box", tint: "#6f4e37" },
    { name: "English Breakfast Tea, 20 Bags", price: 399, art: "box", tint: "#1d4e89" },
    { name: "Green Tea with Mint, 20 Bags", price: 399, art: "box", tint: "#3f8f3a" },
  ],
);

const frozen = block(
  "grocery",
  "GR-7900",
  {
    unit: "each",
    brand: "North Shore Kitchen",
    category: "grocery-frozen-meals",
    art: "pizza",
    max: 12,
  },
  [
    {
      name: "Chicken Pot Pie, 10 oz",
      price: 399,
      art: "pie",
      nutrition: nf(1, "1 pie (283g)", 690, 38, 16, 1240, 66, 6, 20),
    },
    {
      name: "Beef Lasagna, 38 oz",
      price: 1099,
      art: "tray",
      nutrition: nf(5, "1 cup (215g)", 340, 14, 7, 760, 34, 7, 19),
    },
    { name: "Chicken Fried Rice, 22 oz", price: 549, art: "rice", tint: "#e9c46a" },
    { name: "Vegetable Pad Thai, 10 oz", price: 449, art: "pasta" },
    {
      name: "Margherita Pizza, 12 inch",
      price: 699,
      sale: 549,
      nutrition: nf(4, "1/4 pizza (130g)", 310, 12, 6, 640, 36, 4, 14),
    },
    {
      name: "Pepperoni Pizza, 12 inch",
      price: 749,
      nutrition: nf(4, "1/4 pizza (135g)", 350, 16, 7, 780, 36, 4, 15),
    },
    { name: "Four Cheese Pizza, 12 inch", price: 699, tint: "#f6d55c" },
    { name: "Homestyle Waffles, 10 Count", price: 349, art: "box", tint: "#e9a23b" },
  ],
);

const iceCream = block(
  "grocery",
  "GR-8000",
  {
    unit: "each",
    brand: DAIRY,
    category: "grocery-ice-cream",
    art: "icecream",
    max: 8,
    deliverable: false,
  },
  [
    ...family(
      (flavor) => ({
        name: `${flavor} Ice Cream, 48 oz`,
        price: 599,
        sale: flavor === "Vanilla Bean" ? 449 : undefined,
        tint: {
          "Vanilla Bean": "#f3e6c0",
          "Double Chocolate": "#5b3a29",
          Strawberry: "#f28fb5",
          "Mint Chocolate Chip": "#9bd4b0",
          Coffee: "#a0785a",
        }[flavor],
        variation: "Frozen: not available for delivery",
      }),
      ["Vanilla Bean", "Double Chocolate", "Strawberry", "Mint Chocolate Chip", "Coffee"],
    ),
  ],
);

const frozenVeg = block(
  "grocery",
  "GR-8100",
  { unit: "each", brand: GARDEN, category: "grocery-frozen-vegetables", art: "snowflake", max: 12 },
  [
    { name: "Frozen Sweet Peas, 16 oz", price: 199, art: "chips", tint: "#6abf4b" },
    { name: "Frozen Sweet Corn, 16 oz", price: 199, art: "chips", tint: "#f2c14e" },
    { name: "Frozen Broccoli Florets, 12 oz", price: 249, art: "chips", tint: "#3f8f3a" },
    { name: "Frozen Mixed Vegetables, 16 oz", price: 199, art: "chips", tint: "#e76f51" },
    { name: "Frozen Triple Berry Blend, 32 oz", price: 799, art: "berries" },
  ],
);

const bulk = block(
  "grocery",
  "GR-8200",
  {
    unit: "dry ounce",
    fractional: true,
    min: 4,
    max: 64,
    brand: HOUSE,
    hideBrand: true,
    category: "grocery-bulk",
    art: "nuts",
    description: html(
      "Scooped fresh from our bulk bins. Priced by the dry ounce; order at least 4 oz.",
    ),
  },
  [
    { name: "Raw Almonds, Bulk", price: 69 },
    { name: "Roasted Salted Cashews, Bulk", price: 89, tint: "#e0b27a" },
    { name: "Sweetened Dried Cranberries, Bulk", price: 49, art: "berries", tint: "#a4161a" },
    { name: "Dark Chocolate Almonds, Bulk", price: 79, tint: "#4a2c17" },
    { name: "Yogurt Covered Pretzels, Bulk", price: 59, art: "bagel", tint: "#f3efe2" },
    { name: "Organic Rolled Oats, Bulk", price: 19, art: "wheat" },
    { name: "Lighthouse House Blend Coffee Beans, Bulk", price: 79, art: "coffee" },
    { name: "Gummy Bears, Bulk", price: 39, art: "candy", tint: "#e23b2e", limited: 3 },
  ],
);

const international = block(
  "grocery",
  "GR-8300",
  { unit: "each", brand: "World Pantry", category: "grocery-international", art: "jar", max: 12 },
  [
    { name: "Flour Tortillas, 10 Count", price: 349, art: "bagel", tint: "#f3e6c0" },
    {
      name: "Naturally Brewed Soy Sauce, 15 oz",
      price: 399,
      art: "bottle",
      tint: "#3a2a1a",
      nutrition: nf(30, "1 tbsp (15ml)", 10, 0, 0, 920, 1, 0, 1),
    },
    { name: "Coconut Milk, 13.5 oz", price: 249, art: "can", tint: "#f3efe2" },
    {
      name: "Chicken Flavor Ramen, 6 Pack",
      price: 299,
      art: "pasta",
      nutrition: nf(6, "1 package (85g)", 380, 14, 7, 1560, 52, 2, 8),
    },
    { name: "Red Curry Paste, 4 oz", price: 349, tint: "#c0392b" },
    { name: "Refried Pinto Beans, 16 oz", price: 199, art: "can", tint: "#8a5a2b" },
  ],
);

const household = block(
  "grocery",
  "GR-8400",
  { unit: "each", brand: "Clearwater Home", category: "grocery-household", art: "spray", max: 6 },
  [
    { name: "Paper Towels, 6 Double Rolls", price: 1099, art: "roll", sale: 899 },
    { name: "Bath Tissue, 12 Double Rolls", price: 1199, art: "roll", tint: "#7cc6f2" },
    { name: "Lemon Dish Soap, 24 oz", price: 299, tint: "#f6d32d" },
    { name: "Free & Clear Laundry Detergent, 92 oz", price: 1299, art: "bottle", tint: "#5fa8d3" },
    { name: "Drawstring Kitchen Trash Bags, 45 Count", price: 899, art: "box", tint: "#3a3a3a" },
    { name: "Heavy Duty Aluminum Foil, 50 sq ft", price: 549, art: "roll", tint: "#9ca3af" },
    { name: "Gallon Zipper Storage Bags, 30 Count", price: 449, art: "box", tint: "#2a9d8f" },
    { name: "Multi-Surface Cleaner, 32 oz", price: 399 },
    { name: "Scrub Sponges, 6 Count", price: 449, art: "box", tint: "#f2c14e" },
  ],
);

export const GROCERY_PRODUCTS: ProductSeed[] = [
  ...fruit,
  ...vegetables,
  ...salad,
  ...milk,
  ...yogurt,
  ...cheese,
  ...eggs,
  ...pasta,
  ...canned,
  ...baking,
  ...condiments,
  ...grains,
  ...breakfast,
  ...chips,
  ...crackers,
  ...nuts,
  ...water,
  ...juice,
  ...coffee,
  ...frozen,
  ...iceCream,
  ...frozenVeg,
  ...bulk,
  ...international,
  ...household,
];
