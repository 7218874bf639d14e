/**
 * Category trees, one per department kind; every store's department gets its own copy.
 * Keys are unique across the brand: products name their category by key and pictures use it.
 */
import type { CategorySeed, DepartmentKind } from "./types";

const deli: CategorySeed[] = [
  {
    key: "deli-sliced-meats",
    name: "Sliced Meats",
    art: "slices",
    featured: true,
    children: [
      { key: "deli-turkey-chicken", name: "Turkey & Chicken", art: "slices" },
      { key: "deli-ham", name: "Ham", art: "slices" },
      { key: "deli-roast-beef", name: "Roast Beef & Pastrami", art: "steak" },
      { key: "deli-salami", name: "Salami & Italian Meats", art: "salami" },
    ],
  },
  {
    key: "deli-cheese",
    name: "Sliced Cheese",
    art: "cheese",
    featured: true,
    children: [
      { key: "deli-cheese-classic", name: "American & Cheddar", art: "cheese" },
      { key: "deli-cheese-swiss", name: "Swiss & Provolone", art: "cheese" },
      { key: "deli-cheese-specialty", name: "Specialty Cheese", art: "cheese" },
    ],
  },
  {
    key: "deli-salads",
    name: "Prepared Salads",
    art: "salad",
    children: [
      { key: "deli-side-salads", name: "Potato & Pasta Salads", art: "salad" },
      { key: "deli-protein-salads", name: "Chicken, Tuna & Egg Salads", art: "salad" },
    ],
  },
  { key: "deli-subs", name: "Subs & Sandwiches", art: "sandwich", featured: true },
  { key: "deli-hot", name: "Hot Foods", art: "drumstick" },
  { key: "deli-soups", name: "Soups", art: "soup" },
  { key: "deli-dips", name: "Dips & Spreads", art: "dip" },
  { key: "deli-antipasto", name: "Olives & Antipasto", art: "olive" },
];

const bakery: CategorySeed[] = [
  {
    key: "bakery-cakes",
    name: "Celebration Cakes",
    art: "cake",
    featured: true,
    children: [
      { key: "bakery-custom-cakes", name: "Design Your Own", art: "cake" },
      { key: "bakery-signature-cakes", name: "Signature Cakes", art: "cake" },
    ],
  },
  { key: "bakery-cupcakes", name: "Cupcakes", art: "cupcake", featured: true },
  {
    key: "bakery-breads",
    name: "Breads",
    art: "bread",
    children: [
      { key: "bakery-sandwich-breads", name: "Sandwich Breads", art: "bread" },
      { key: "bakery-artisan", name: "Artisan Loaves", art: "baguette" },
    ],
  },
  { key: "bakery-rolls", name: "Rolls & Bagels", art: "bagel" },
  { key: "bakery-cookies", name: "Cookies & Bars", art: "cookie" },
  { key: "bakery-pies", name: "Pies & Tarts", art: "pie" },
  { key: "bakery-pastries", name: "Pastries & Donuts", art: "donut" },
  { key: "bakery-gluten-free", name: "Gluten-Free", art: "wheat" },
];

const catering: CategorySeed[] = [
  {
    key: "catering-platters",
    name: "Party Platters",
    art: "platter",
    featured: true,
    children: [
      { key: "catering-sandwich-platters", name: "Sandwich Platters", art: "sandwich" },
      { key: "catering-cheese-platters", name: "Cheese & Charcuterie", art: "cheese" },
      { key: "catering-fresh-platters", name: "Fruit & Vegetable Trays", art: "platter" },
    ],
  },
  { key: "catering-party-packs", name: "Party Packs", art: "basket", featured: true },
  { key: "catering-holiday", name: "Holiday Dinners", art: "turkey", featured: true },
  { key: "catering-entrees", name: "Hot Entrées", art: "tray" },
  { key: "catering-sides", name: "Sides & Salads", art: "salad" },
  { key: "catering-desserts", name: "Dessert Trays", art: "cookie" },
];

const floral: CategorySeed[] = [
  { key: "floral-bouquets", name: "Bouquets", art: "bouquet", featured: true },
  { key: "floral-roses", name: "Roses", art: "rose", featured: true },
  { key: "floral-arrangements", name: "Arrangements", art: "bouquet" },
  { key: "floral-plants", name: "Plants", art: "plant" },
  { key: "floral-sympathy", name: "Sympathy", art: "leaf" },
  { key: "floral-addons", name: "Balloons & Add-ons", art: "balloon" },
];

const grocery: CategorySeed[] = [
  {
    key: "grocery-produce",
    name: "Produce",
    art: "apple",
    featured: true,
    children: [
      { key: "grocery-fruit", name: "Fresh Fruit", art: "apple" },
      { key: "grocery-vegetables", name: "Fresh Vegetables", art: "carrot" },
      { key: "grocery-salad-herbs", name: "Salad & Herbs", art: "greens" },
    ],
  },
  {
    key: "grocery-dairy",
    name: "Dairy & Eggs",
    art: "milk",
    featured: true,
    children: [
      { key: "grocery-milk", name: "Milk & Cream", art: "milk" },
      { key: "grocery-yogurt", name: "Yogurt", art: "yogurt" },
      { key: "grocery-cheese", name: "Cheese", art: "cheese" },
      { key: "grocery-eggs-butter", name: "Eggs & Butter", art: "egg" },
    ],
  },
  {
    key: "grocery-pantry",
    name: "Pantry",
    art: "jar",
    children: [
      { key: "grocery-pasta-sauce", name: "Pasta & Sauce", art: "pasta" },
      { key: "grocery-canned", name: "Canned Goods & Soup", art: "can" },
      { key: "grocery-baking", name: "Baking", art: "wheat" },
      { key: "grocery-condiments", name: "Condiments, Oils & Spreads", art: "oil" },
      { key: "grocery-rice-grains", name: "Rice & Grains", art: "rice" },
    ],
  },
  { key: "grocery-breakfast", name: "Breakfast & Cereal", art: "box" },
  {
    key: "grocery-snacks",
    name: "Snacks",
    art: "chips",
    featured: true,
    children: [
      { key: "grocery-chips", name: "Chips & Salsa", art: "chips" },
      { key: "grocery-crackers", name: "Crackers & Cookies", art: "cookie" },
      { key: "grocery-nuts", name: "Nuts & Bars", art: "nuts" },
    ],
  },
  {
    key: "grocery-beverages",
    name: "Beverages",
    art: "bottle",
    children: [
      { key: "grocery-water", name: "Water & Sparkling", art: "bottle" },
      { key: "grocery-juice-soda", name: "Juice & Soda", art: "can" },
      { key: "grocery-coffee-tea", name: "Coffee & Tea", art: "coffee" },
    ],
  },
  {
    key: "grocery-frozen",
    name: "Frozen",
    art: "snowflake",
    children: [
      { key: "grocery-frozen-meals", name: "Meals & Pizza", art: "pizza" },
      { key: "grocery-ice-cream", name: "Ice Cream", art: "icecream" },
      { key: "grocery-frozen-vegetables", name: "Fruits & Vegetables", art: "snowflake" },
    ],
  },
  { key: "grocery-bulk", name: "Bulk Foods", art: "nuts" },
  { key: "grocery-international", name: "International", art: "rice" },
  { key: "grocery-household", name: "Household", art: "spray" },
];

const meat: CategorySeed[] = [
  {
    key: "meat-beef",
    name: "Beef",
    art: "steak",
    featured: true,
    children: [
      { key: "meat-steaks", name: "Steaks", art: "steak" },
      { key: "meat-beef-roasts", name: "Roasts", art: "steak" },
      { key: "meat-ground", name: "Ground Beef & Burgers", art: "steak" },
    ],
  },
  { key: "meat-prime-rib", name: "Prime Rib & Holiday Roasts", art: "ribs", featured: true },
  { key: "meat-pork", name: "Pork", art: "ribs" },
  { key: "meat-poultry", name: "Chicken & Turkey", art: "drumstick" },
  { key: "meat-sausage", name: "Sausage", art: "sausage" },
  {
    key: "meat-seafood",
    name: "Seafood",
    art: "fish",
    featured: true,
    children: [
      { key: "meat-fish", name: "Fresh Fish", art: "fish" },
      { key: "meat-shellfish", name: "Shrimp & Shellfish", art: "shrimp" },
    ],
  },
  { key: "meat-lamb-veal", name: "Lamb & Veal", art: "steak" },
];

const CATEGORY_TREES: Record<DepartmentKind, CategorySeed[]> = {
  deli,
  bakery,
  catering,
  floral,
  grocery,
  meat,
};

/** Every category, parents before children, with its department kind and parent key. */
export const ALL_CATEGORIES: {
  kind: DepartmentKind;
  parent: string | null;
  category: CategorySeed;
}[] = (Object.entries(CATEGORY_TREES) as [DepartmentKind, CategorySeed[]][]).flatMap(
  ([kind, roots]) =>
    roots.flatMap((category) => [
      { kind, parent: null, category },
      ...(category.children ?? []).map((child) => ({
        kind,
        parent: category.key,
        category: child,
      })),
    ]),
);

export const CATEGORY_BY_KEY = new Map(ALL_CATEGORIES.map((c) => [c.category.key, c]));
