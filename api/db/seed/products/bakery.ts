/** Bakery: design-your-own cakes (builder), signature cakes, breads, rolls, cookies, pies, pastries. */
import { breadSliceFacet, CAKE_GROUPS, cakeBuilderFacets, MESSAGE_COLORS } from "../facets";
import type { ProductSeed } from "../types";
import { block, html, HOUSE, nf } from "./helpers";

const OLD_MILL = "Old Mill Bakehouse";
const cakeDescription = html("Baked from scratch and decorated by hand in our bakery.", [
  "Choose your flavor, filling and icing",
  "Add a message or print your own photo",
  "Ready 24 hours after you order",
]);

const builder = block(
  "bakery",
  "BK-2000",
  {
    unit: "each",
    brand: HOUSE,
    hideBrand: true,
    category: "bakery-custom-cakes",
    alsoIn: "bakery-cakes",
    art: "cake",
    leadTime: 1440,
    instructions: true,
    photo: true,
    max: 5,
    images: 5,
    groups: CAKE_GROUPS,
    description: cakeDescription,
    cta: "Design Your Cake",
  },
  [
    {
      name: '8" Round Celebration Cake',
      price: 2499,
      sticky: true,
      builder: "round",
      serves: 10,
      facets: cakeBuilderFacets("round", [
        { value: '8" Double Layer', description: "Serves 8–10", default: true },
        { value: '10" Double Layer', description: "Serves 12–16", price: 1000, calories: 0 },
      ]),
      nutrition: nf(10, "1 slice (1/10 cake)", 380, 18, 10, 290, 52, 40, 3),
    },
    {
      name: "Quarter Sheet Celebration Cake",
      price: 3499,
      builder: "sheet",
      serves: 20,
      sale: 2999,
      facets: cakeBuilderFacets("sheet", [
        { value: "Quarter Sheet", description: "Serves 18–24", default: true },
        { value: "Half Sheet", description: "Serves 36–48", price: 2500 },
        { value: "Full Sheet", description: "Serves 72–96", price: 6500 },
      ]),
      nutrition: nf(20, "1 piece (2x3 in)", 350, 16, 9, 270, 48, 37, 3),
    },
    {
      name: "Half Sheet Party Cake",
      price: 5999,
      builder: "sheet",
      serves: 40,
      facets: cakeBuilderFacets("sheet", [
        { value: "Half Sheet", description: "Serves 36–48", default: true },
        { value: "Full Sheet", description: "Serves 72–96", price: 4000 },
      ]),
      nutrition: nf(40, "1 piece (2x3 in)", 350, 16, 9, 270, 48, 37, 3),
    },
    {
      name: '6" Round Smash Cake',
      price: 1499,
      builder: "round",
      serves: 4,
      variation: "Perfect for a first birthday",
      facets: cakeBuilderFacets("round", [
        { value: '6" Single Layer', description: "Serves 2–4", default: true },
      ]),
    },
  ],
);

const signature = block(
  "bakery",
  "BK-2100",
  {
    unit: "each",
    brand: OLD_MILL,
    category: "bakery-signature-cakes",
    alsoIn: "bakery-cakes",
    art: "cake",
    leadTime: 240,
    max: 4,
  },
  [
    {
      name: "Chocolate Mousse Cake",
      price: 2299,
      tint: "#7b4a2a",
      description: html("Layers of chocolate cake and silky mousse under a ganache glaze."),
      nutrition: nf(10, "1 slice", 420, 24, 14, 210, 48, 36, 5),
    },
    {
      name: "Strawberry Shortcake",
      price: 2199,
      tint: "#f7b6c8",
      nutrition: nf(10, "1 slice", 330, 16, 10, 190, 42, 30, 3),
    },
    {
      name: "Carrot Cake with Cream Cheese Icing",
      price: 2399,
      tint: "#e39a4b",
      nutrition: nf(10, "1 slice", 480, 26, 8, 360, 58, 44, 5),
    },
    {
      name: "Tiramisu Cake",
      price: 2599,
      tint: "#c9a27a",
      nutrition: nf(10, "1 slice", 390, 22, 13, 140, 40, 28, 6),
    },
    {
      name: "Giant Chocolate Chip Cookie Cake",
      price: 1799,
      art: "cookie",
      brand: HOUSE,
      leadTime: 720,
      serves: 12,
      description: html(
        "A 12 inch chocolate chip cookie with a buttercream border and your message.",
      ),
      facets: [
        {
          name: "Message",
          type: "custom-message",
          description: "Up to 40 characters",
          choiceLimit: 1,
          choices: MESSAGE_COLORS,
        },
        {
          name: "Border Color",
          choiceLimit: 1,
          choices: [
            { value: "Vanilla", default: true },
            { value: "Chocolate" },
            { value: "Pink" },
            { value: "Blue" },
          ],
        },
      ],
    },
  ],
);

const cupcakes = block(
  "bakery",
  "BK-2200",
  { unit: "each", brand: HOUSE, category: "bakery-cupcakes", art: "cupcake", max: 10 },
  [
    {
      name: "Cupcakes, 12 Count",
      price: 1499,
      sale: 1299,
      variation: "Vanilla or chocolate with buttercream",
      facets: [
        {
          name: "Cake Flavor",
          required: true,
          choiceLimit: 1,
          choices: [
            { value: "Vanilla", default: true },
            { value: "Chocolate", calories: 10 },
            { value: "Red Velvet", price: 200, calories: 20 },
          ],
        },
        {
          name: "Frosting",
          required: true,
          choiceLimit: 1,
          choices: [
            { value: "Vanilla Buttercream", default: true },
            { value: "Chocolate Buttercream" },
            { value: "Cream Cheese", price: 150 },
          ],
        },
        {
          name: "Sprinkles",
          choiceLimit: 1,
          choices: [
            { value: "No Sprinkles", default: true },
            { value: "Rainbow" },
            { value: "Chocolate" },
          ],
        },
      ],
      nutrition: nf(12, "1 cupcake", 290, 14, 7, 180, 40, 30, 2),
    },
    {
      name: "Cupcakes, 6 Count",
      price: 899,
      variation: "Assorted flavors",
      nutrition: nf(6, "1 cupcake", 290, 14, 7, 180, 40, 30, 2),
    },
    {
      name: "Mini Cupcakes, 24 Count",
      price: 1599,
      tint: "#f28fb5",
      nutrition: nf(24, "2 mini cupcakes", 220, 11, 5, 130, 29, 22, 2),
    },
    {
      name: "Red Velvet Cupcakes, 4 Count",
      price: 699,
      tint: "#b3243a",
      nutrition: nf(4, "1 cupcake", 320, 16, 8, 220, 42, 32, 3),
    },
    {
      name: "Pull-Apart Cupcake Cake, 24 Count",
      price: 2999,
      leadTime: 1440,
      photo: true,
      instructions: true,
      serves: 24,
      facets: [
        {
          name: "Message",
          type: "custom-message",
          description: "Written across the cupcakes",
          choiceLimit: 1,
          choices: MESSAGE_COLORS,
        },
      ],
    },
    {
      name: "Gluten-Free Vanilla Cupcakes, 4 Count",
      price: 799,
      category: "bakery-gluten-free",
      alsoIn: "bakery-cupcakes",
      variation: "Made in a dedicated gluten-free kitchen",
    },
  ],
);

const breads = block(
  "bakery",
  "BK-2300",
  {
    unit: "each",
    brand: OLD_MILL,
    category: "bakery-sandwich-breads",
    art: "bread",
    facets: [breadSliceFacet()],
    max: 6,
  },
  [
    {
      name: "Country White Sandwich Bread",
      price: 399,
      nutrition: nf(16, "1 slice (38g)", 100, 1, 0, 190, 19, 2, 3),
    },
    {
      name: "Honey Whole Wheat Bread",
      price: 449,
      tint: "#b5793a",
      nutrition: nf(16, "1 slice (38g)", 100, 1.5, 0, 170, 18, 3, 4),
    },
    {
      name: "Seeded Multigrain Bread",
      price: 499,
      tint: "#a5723c",
      nutrition: nf(16, "1 slice (38g)", 110, 2, 0, 160, 18, 2, 5),
    },
    {
      name: "Jewish Rye with Caraway",
      price: 499,
      tint: "#8a5a2b",
      nutrition: nf(16, "1 slice (32g)", 80, 1, 0, 210, 15, 1, 3),
    },
    {
      name: "Potato Bread",
      price: 429,
      nutrition: nf(16, "1 slice (38g)", 110, 1.5, 0, 200, 20, 3, 3),
    },
    {
      name: "Cinnamon Raisin Swirl Bread",
      price: 499,
      tint: "#c98a4b",
      nutrition: nf(14, "1 slice (40g)", 120, 2, 0.5, 130, 23, 8, 3),
    },
    {
      name: "Sourdough Boule",
      price: 549,
      category: "bakery-artisan",
      sticky: true,
      description: html(
        "Naturally leavened for 24 hours for a tangy, open crumb and a crackly crust.",
      ),
    },
    {
      name: "French Baguette",
      price: 299,
      category: "bakery-artisan",
      art: "baguette",
      facets: [],
    },
    {
      name: "Ciabatta Loaf",
      price: 399,
      category: "bakery-artisan",
      art: "baguette",
      tint: "#e2b878",
    },
    {
      name: "Seeded Italian Semolina Loaf",
      price: 399,
      category: "bakery-artisan",
      art: "baguette",
      tint: "#e8c07a",
    },
    {
      name: "Braided Challah",
      price: 649,
      category: "bakery-artisan",
      variation: "Baked Thursday and Friday",
      tint: "#d9962e",
    },
    { name: "Kalamata Olive Loaf", price: 599, category: "bakery-artisan" },
  ],
);

const rolls = block(
  "bakery",
  "BK-2400",
  { unit: "each", brand: OLD_MILL, category: "bakery-rolls", art: "bagel", max: 12 },
  [
    { name: "Kaiser Rolls, 6 Count", price: 399, art: "bread" },
    { name: "Brioche Hamburger Buns, 8 Count", price: 499, art: "bread", tint: "#e0a040" },
    { name: "Soft Dinner Rolls, 12 Count", price: 449, art: "bread", tint: "#e8b865" },
    { name: "Hoagie Rolls, 6 Count", price: 449, art: "baguette" },
    { name: "Plain Bagels, 6 Count", price: 549 },
    { name: "Everything Bagels, 6 Count", price: 549, sale: 449, tint: "#c4893f" },
    { name: "Sesame Bagels, 6 Count", price: 549 },
    { name: "Cinnamon Raisin Bagels, 6 Count", price: 549, tint: "#b5793a" },
  ],
);

const cookies = block(
  "bakery",
  "BK-2500",
  { unit: "each", brand: HOUSE, category: "bakery-cookies", art: "cookie", max: 10 },
  [
    {
      name: "Chocolate Chip Cookies, 12 Count",
      price: 599,
      sticky: true,
      nutrition: nf(12, "1 cookie", 160, 8, 4, 110, 21, 13, 2),
    },
    {
      name: "Oatmeal Raisin Cookies, 12 Count",
      price: 599,
      tint: "#b98652",
      nutrition: nf(12, "1 cookie", 150, 6, 3, 120, 22, 12, 2),
    },
    {
      name: "Black & White Cookies, 4 Count",
      price: 699,
      tint: "#4a2c17",
      description: html(
        "The New York classic: soft vanilla cake cookie, half chocolate and half vanilla fondant.",
      ),
    },
    {
      name: "Rainbow Cookies, 1 lb",
      price: 1299,
      unit: "pound",
      fractional: true,
      min: 0.5,
      max: 3,
      tint: "#d9534f",
      variation: "Almond tricolor layers with chocolate",
    },
    { name: "Fudge Brownies, 6 Count", price: 699, tint: "#5b3a29" },
    { name: "Lemon Bars, 6 Count", price: 699, tint: "#f6d55c" },
    { name: "Decorated Sugar Cookies, 6 Count", price: 899, tint: "#f28fb5", leadTime: 720 },
  ],
);

const pies = block(
  "bakery",
  "BK-2600",
  {
    unit: "each",
    brand: OLD_MILL,
    category: "bakery-pies",
    art: "pie",
    variation: '9" pie, serves 8',
    max: 6,
  },
  [
    {
      name: "Apple Crumb Pie",
      price: 1299,
      sale: 999,
      nutrition: nf(8, "1/8 pie", 330, 14, 6, 280, 48, 24, 3),
    },
    {
      name: "Pumpkin Pie",
      price: 1099,
      tint: "#d9822b",
      nutrition: nf(8, "1/8 pie", 290, 12, 4.5, 300, 40, 22, 5),
    },
    { name: "Cherry Pie", price: 1399, tint: "#b3243a" },
    { name: "Blueberry Pie", price: 1399, tint: "#4a55a2" },
    { name: "Bourbon Pecan Pie", price: 1699, tint: "#8a5a2b", limited: 3 },
    {
      name: "Key Lime Pie",
      price: 1499,
      tint: "#c5e17a",
      deliverable: false,
      variation: "Keep refrigerated",
    },
    {
      name: "Fresh Fruit Tart",
      price: 1999,
      tint: "#e85a5a",
      leadTime: 480,
      variation: '10" tart, serves 10',
    },
  ],
);

const pastries = block(
  "bakery",
  "BK-2700",
  { unit: "each", brand: HOUSE, category: "bakery-pastries", art: "donut", max: 12 },
  [
    { name: "Glazed Donuts, 6 Count", price: 599, tint: "#f2c879" },
    {
      name: "Jersey Crumb Cake",
      price: 899,
      art: "cake",
      tint: "#e0a656",
      variation: "Thick cinnamon crumb topping",
    },
    { name: "Butter Croissants, 4 Count", price: 599, art: "croissant" },
    { name: "Chocolate Croissants, 4 Count", price: 699, art: "croissant", tint: "#c98a4b" },
    {
      name: "Cannoli, 6 Count",
      price: 1199,
      art: "croissant",
      tint: "#f0d9a8",
      variation: "Filled to order with sweet ricotta",
      leadTime: 60,
    },
    { name: "Blueberry Muffins, 4 Count", price: 599, art: "cupcake", tint: "#4a55a2" },
    { name: "Cinnamon Buns, 4 Count", price: 649, art: "bagel", tint: "#c98a4b" },
  ],
);

const glutenFree = block(
  "bakery",
  "BK-2800",
  {
    unit: "each",
    brand: "Clear Path Kitchen",
    category: "bakery-gluten-free",
    art: "wheat",
    max: 6,
  },
  [
    { name: "Gluten-Free Sandwich Bread", price: 699, art: "bread" },
    { name: "Gluten-Free Chocolate Chip Cookies, 6 Count", price: 599, art: "cookie" },
    { name: "Gluten-Free Fudge Brownies, 4 Count", price: 649, art: "cookie", tint: "#5b3a29" },
  ],
);

export const BAKERY_PRODUCTS: ProductSeed[] = [
  ...builder,
  ...signature,
  ...cupcakes,
  ...breads,
  ...rolls,
  ...cookies,
  ...pies,
  ...pastries,
  ...glutenFree,
];
