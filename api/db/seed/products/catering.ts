/** Catering: platters, party packs (bundles), holiday dinners, hot trays, sides and dessert trays. */
import { platterSizeFacet } from "../facets";
import type { FacetSeed, ProductSeed } from "../types";
import { block, html, HOUSE, nf } from "./helpers";

const platter = {
  unit: "each",
  brand: HOUSE,
  hideBrand: true,
  leadTime: 1440,
  instructions: true,
  max: 10,
  art: "platter",
} as const;

const sandwichPlatters = block(
  "catering",
  "CT-3000",
  { ...platter, category: "catering-sandwich-platters", art: "sandwich" },
  [
    {
      name: "Classic Sub Platter",
      price: 5999,
      serves: 12,
      sticky: true,
      description: html(
        "Our Italian combo, turkey club and ham & Swiss subs cut into 3 inch pieces.",
        ["Serves 10–12", "Condiments on the side"],
      ),
      facets: [platterSizeFacet("Serves 10–12", "Serves 16–20", "Serves 25–30", 3000)],
    },
    {
      name: "Wrap Platter",
      price: 5499,
      serves: 10,
      facets: [platterSizeFacet("Serves 8–10", "Serves 14–16", "Serves 20–24")],
    },
    {
      name: "Slider Platter",
      price: 4999,
      serves: 12,
      variation: "24 mini sandwiches on brioche",
      art: "bread",
    },
    {
      name: "Tea Sandwich Platter",
      price: 4499,
      serves: 10,
      variation: "Chicken salad, egg salad, cucumber & dill",
    },
  ],
);

const cheesePlatters = block(
  "catering",
  "CT-3100",
  { ...platter, category: "catering-cheese-platters", art: "cheese" },
  [
    {
      name: "Cheese & Cracker Platter",
      price: 4999,
      serves: 15,
      facets: [platterSizeFacet("Serves 12–15", "Serves 20–25", "Serves 30–35")],
    },
    {
      name: "Antipasto Platter",
      price: 6999,
      serves: 12,
      art: "olive",
      description: html(
        "Salami, capicola, provolone, marinated mozzarella, olives and roasted peppers.",
      ),
    },
    {
      name: "Charcuterie Board",
      price: 7999,
      serves: 10,
      art: "salami",
      leadTime: 2880,
      limited: 3,
    },
    {
      name: "Deli Meat & Cheese Platter",
      price: 6499,
      serves: 15,
      art: "slices",
      facets: [platterSizeFacet("Serves 12–15", "Serves 20–25", "Serves 30–35", 3000)],
    },
  ],
);

const freshPlatters = block(
  "catering",
  "CT-3200",
  { ...platter, category: "catering-fresh-platters" },
  [
    {
      name: "Fresh Fruit Platter",
      price: 4499,
      serves: 12,
      art: "berries",
      facets: [platterSizeFacet("Serves 10–12", "Serves 16–20", "Serves 25–30", 2000)],
      nutrition: nf(12, "1 cup (150g)", 70, 0, 0, 5, 18, 14, 1),
    },
    {
      name: "Garden Crudité Tray",
      price: 3999,
      serves: 12,
      art: "carrot",
      variation: "With ranch dip",
      nutrition: nf(12, "1 cup with 2 tbsp dip", 150, 12, 2, 260, 8, 4, 2),
    },
    {
      name: "Shrimp Cocktail Platter",
      price: 7999,
      serves: 10,
      art: "shrimp",
      variation: "2 lb of jumbo shrimp with cocktail sauce",
      deliverable: false,
    },
    { name: "Fruit & Cheese Board", price: 5999, serves: 12, art: "grapes" },
  ],
);

const holidayFacets = (main: string): FacetSeed[] => [
  {
    name: "Choose 3 Sides",
    group: "Your Dinner",
    required: true,
    choiceLimit: 3,
    choices: [
      { value: "Mashed Potatoes", default: true },
      { value: "Sausage Stuffing" },
      { value: "Green Bean Almondine" },
      { value: "Candied Sweet Potatoes" },
      { value: "Honey Glazed Carrots" },
      { value: "Cranberry Sauce" },
      { value: "Mac & Cheese", price: 500 },
    ],
  },
  {
    name: "Heating",
    group: "Your Dinner",
    required: true,
    choiceLimit: 1,
    choices: [
      { value: "Cold, with reheating instructions", default: true },
      { value: `Hot and ready (${main} carved)`, price: 1500 },
    ],
  },
  {
    name: "Add a Pie?",
    group: "Dessert",
    choiceLimit: 1,
    choices: [
      { value: "No Pie", default: true },
      { value: "Add a Pie", price: 1099 },
    ],
  },
  {
    name: "Pie Flavor",
    group: "Dessert",
    choiceLimit: 1,
    shownWhen: { facet: "Add a Pie?", choice: "Add a Pie" },
    choices: [
      { value: "Pumpkin", default: true },
      { value: "Apple Crumb" },
      { value: "Bourbon Pecan", price: 400 },
    ],
  },
];

const holiday = block(
  "catering",
  "CT-3300",
  {
    ...platter,
    category: "catering-holiday",
    art: "turkey",
    leadTime: 4320,
    groups: ["Your Dinner", "Dessert"],
    images: 4,
    deliverable: false,
  },
  [
    {
      name: "Traditional Turkey Dinner",
      price: 13999,
      serves: 10,
      sticky: true,
      description: html("A 12–14 lb roasted turkey with gravy, three sides and dinner rolls.", [
        "Order 3 days ahead",
        "Pick up hot or cold",
      ]),
      facets: holidayFacets("turkey"),
      nutrition: nf(10, "1 plate", 980, 44, 14, 2480, 82, 18, 62),
    },
    {
      name: "Spiral Ham Dinner",
      price: 11999,
      serves: 10,
      art: "slices",
      tint: "#f4a0a8",
      facets: holidayFacets("ham"),
      nutrition: nf(10, "1 plate", 920, 40, 13, 2890, 86, 30, 48),
    },
    {
      name: "Prime Rib Holiday Dinner",
      price: 24999,
      serves: 8,
      art: "ribs",
      facets: holidayFacets("prime rib"),
      limited: 3,
    },
    {
      name: "Harvest Vegetarian Dinner",
      price: 9999,
      serves: 8,
      art: "salad",
      variation: "Stuffed acorn squash with wild rice",
      facets: holidayFacets("squash"),
    },
  ],
);

const entrees = block(
  "catering",
  "CT-3400",
  {
    ...platter,
    category: "catering-entrees",
    art: "tray",
    // How many it serves is the product's serving size ('Serves 12'), said once.
    variation: "Half tray",
    serves: 12,
  },
  [
    { name: "Chicken Parmesan Tray", price: 6999, tint: "#c0392b", sticky: true },
    { name: "Baked Ziti Tray", price: 4499, tint: "#d9534f" },
    { name: "Meatballs Marinara Tray", price: 5499, tint: "#a93226" },
    { name: "Sausage & Peppers Tray", price: 5499, art: "sausage" },
    { name: "Eggplant Rollatini Tray", price: 5999, tint: "#7d3c98" },
    {
      name: "Buffalo Wings, 50 Pieces",
      price: 5999,
      art: "drumstick",
      variation: "50 pieces",
      serves: 10,
      facets: [
        {
          name: "Sauce",
          description: "Choose up to 2",
          required: true,
          choiceLimit: 2,
          choices: [
            { value: "Buffalo", default: true },
            { value: "Honey BBQ" },
            { value: "Garlic Parmesan" },
            { value: "Honey Sriracha" },
          ],
        },
        {
          name: "Dipping Sauce",
          choiceLimit: 1,
          choices: [{ value: "Blue Cheese", default: true }, { value: "Ranch" }],
        },
      ],
    },
    {
      name: "Pulled Pork Tray",
      price: 5999,
      art: "tray",
      tint: "#8a4b2a",
      variation: "With slider rolls",
    },
  ],
);

const sides = block(
  "catering",
  "CT-3500",
  { ...platter, category: "catering-sides", art: "salad", leadTime: 720, serves: 12 },
  [
    { name: "Roasted Vegetable Tray", price: 3999, art: "carrot" },
    { name: "Garlic Mashed Potatoes Tray", price: 3499, art: "potato" },
    { name: "Caesar Salad Bowl", price: 3499 },
    { name: "Garden Salad Bowl", price: 2999 },
    { name: "Penne alla Vodka Tray", price: 4499, art: "pasta" },
  ],
);

const desserts = block(
  "catering",
  "CT-3600",
  { ...platter, category: "catering-desserts", art: "cookie", serves: 24 },
  [
    { name: "Cookie & Brownie Platter", price: 3499, variation: "36 pieces" },
    {
      name: "Mini Pastry Tray",
      price: 4999,
      art: "croissant",
      variation: "30 mini Italian pastries",
    },
    {
      name: "Cannoli Tray",
      price: 3999,
      art: "croissant",
      tint: "#f0d9a8",
      variation: "18 cannoli, filled to order",
    },
  ],
);

const packs = block(
  "catering",
  "CT-3700",
  { ...platter, category: "catering-party-packs", art: "basket", images: 3, leadTime: 2880 },
  [
    {
      name: "Game Day Party Pack",
      price: 17999,
      serves: 15,
      sticky: true,
      description: html("Everything for the big game.", [
        "Classic Sub Platter",
        "Buffalo Wings, 50 Pieces",
        "Garden Crudité Tray",
        "Cookie & Brownie Platter",
      ]),
    },
    {
      name: "Office Lunch Pack",
      price: 11999,
      serves: 12,
      description: html("A lunch meeting, handled.", [
        "Wrap Platter",
        "Garden Salad Bowl",
        "Cookie & Brownie Platter",
      ]),
    },
    {
      name: "Family Celebration Pack",
      price: 19999,
      serves: 20,
      description: html("Dinner for a crowd.", [
        "Baked Ziti Tray",
        "Chicken Parmesan Tray",
        "Caesar Salad Bowl",
        "Mini Pastry Tray",
      ]),
    },
    {
      name: "Weekend Brunch Pack",
      price: 12999,
      serves: 12,
      description: html("A brunch spread for a dozen.", [
        "Fresh Fruit Platter",
        "Tea Sandwich Platter",
        "Mini Pastry Tray",
      ]),
    },
  ],
);

export const CATERING_PRODUCTS: ProductSeed[] = [
  ...sandwichPlatters,
  ...cheesePlatters,
  ...freshPlatters,
  ...holiday,
  ...entrees,
  ...sides,
  ...desserts,
  ...packs,
];

/** Party packs are bundles of other catering products (bundle product name → member names). */
export const BUNDLES: { product: string; name: string; members: string[] }[] = [
  {
    product: "Game Day Party Pack",
    name: "Game Day Party Pack",
    members: [
      "Classic Sub Platter",
      "Buffalo Wings, 50 Pieces",
      "Garden Crudité Tray",
      "Cookie & Brownie Platter",
    ],
  },
  {
    product: "Office Lunch Pack",
    name: "Office Lunch Pack",
    members: ["Wrap Platter", "Garden Salad Bowl", "Cookie & Brownie Platter"],
  },
  {
    product: "Family Celebration Pack",
    name: "Family Celebration Pack",
    members: ["Baked Ziti Tray", "Chicken Parmesan Tray", "Caesar Salad Bowl", "Mini Pastry Tray"],
  },
  {
    product: "Weekend Brunch Pack",
    name: "Weekend Brunch Pack",
    members: ["Fresh Fruit Platter", "Tea Sandwich Platter", "Mini Pastry Tray"],
  },
];
