/**
 * Food pictures: rendered 3D images of Microsoft's Fluent Emoji (MIT), as 256×256 WebP files of the
 * npm package @lobehub/fluent-emoji-3d (pinned in package.json; licence and source in decision 032
 * and THIRD_PARTY_NOTICES.md). Every product, category, department and coupon picture shows one
 * of them, chosen here: a product by its name where a rule fits, else by the kind of food its seed
 * `art` names. The pictures are read from the installed package and embedded in the SVG the media
 * router serves, so a picture is one cached file and nothing is fetched at run time.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { CategorySeed, ProductSeed } from "../types";
import type { Glyph } from "./glyphs";

/** Each food picture by a plain name, and its file in the package (the emoji's code points). */
export const FOODS = {
  apple: "1f34e",
  greenApple: "1f34f",
  avocado: "1f951",
  bacon: "1f953",
  bagel: "1f96f",
  baguette: "1f956",
  balloon: "1f388",
  banana: "1f34c",
  basket: "1f9fa",
  beans: "1fad8",
  bellPepper: "1fad1",
  blueberries: "1fad0",
  bouquet: "1f490",
  bowl: "1f963",
  bread: "1f35e",
  broccoli: "1f966",
  burger: "1f354",
  burrito: "1f32f",
  butter: "1f9c8",
  cactus: "1f335",
  cake: "1f382",
  can: "1f96b",
  candy: "1f36c",
  carrot: "1f955",
  cheese: "1f9c0",
  cherries: "1f352",
  chocolate: "1f36b",
  coconut: "1f965",
  coffee: "2615",
  cookie: "1f36a",
  corn: "1f33d",
  crab: "1f980",
  cracker: "1f358",
  croissant: "1f950",
  cucumber: "1f952",
  cupcake: "1f9c1",
  donut: "1f369",
  egg: "1f95a",
  eggplant: "1f346",
  fish: "1f41f",
  flatbread: "1fad3",
  football: "1f3c8",
  fries: "1f35f",
  garlic: "1f9c4",
  gift: "1f381",
  grapes: "1f347",
  herb: "1f33f",
  honey: "1f36f",
  hotDog: "1f32d",
  hotPepper: "1f336-fe0f",
  iceCream: "1f368",
  jar: "1fad9",
  juice: "1f9c3",
  lemon: "1f34b",
  letter: "1f48c",
  lettuce: "1f96c",
  lobster: "1f99e",
  lotion: "1f9f4",
  mango: "1f96d",
  meatOnBone: "1f356",
  melon: "1f348",
  milk: "1f95b",
  mushroom: "1f344",
  noodles: "1f35c",
  olive: "1fad2",
  onion: "1f9c5",
  orange: "1f34a",
  oyster: "1f9aa",
  pancakes: "1f95e",
  paperRoll: "1f9fb",
  party: "1f389",
  peaPod: "1fadb",
  peach: "1f351",
  peanuts: "1f95c",
  pear: "1f350",
  pie: "1f967",
  pineapple: "1f34d",
  pizza: "1f355",
  plant: "1fab4",
  popcorn: "1f37f",
  potato: "1f954",
  pot: "1f372",
  poultryLeg: "1f357",
  pretzel: "1f968",
  rice: "1f35a",
  rose: "1f339",
  salad: "1f957",
  salt: "1f9c2",
  sandwich: "1f96a",
  shallowPan: "1f958",
  shoppingBags: "1f6cd-fe0f",
  shortcake: "1f370",
  shrimp: "1f990",
  soda: "1f964",
  spaghetti: "1f35d",
  sponge: "1f9fd",
  steak: "1f969",
  strawberry: "1f353",
  sunflower: "1f33b",
  sweetPotato: "1f360",
  tea: "1f375",
  tomato: "1f345",
  tulip: "1f337",
  turkey: "1f983",
  bento: "1f371",
  waffle: "1f9c7",
  wastebasket: "1f5d1-fe0f",
  water: "1f4a7",
  wheat: "1f33e",
  wine: "1f377",
  bottle: "1f376",
} as const;

export type Food = keyof typeof FOODS;

/**
 * A picture to draw: the food and, where the set only has it in another colour (a lime is its
 * lemon turned green), a hue turn in degrees.
 */
export interface FoodPicture {
  food: Food;
  hue?: number;
}

/** What each seed glyph shows when no name rule says better. */
export const GLYPH_FOOD: Record<Glyph, Food> = {
  apple: "apple",
  citrus: "orange",
  banana: "banana",
  berries: "blueberries",
  grapes: "grapes",
  carrot: "carrot",
  greens: "broccoli",
  tomato: "tomato",
  pepper: "bellPepper",
  potato: "potato",
  corn: "corn",
  bread: "bread",
  baguette: "baguette",
  bagel: "bagel",
  donut: "donut",
  croissant: "croissant",
  cake: "cake",
  cupcake: "cupcake",
  cookie: "cookie",
  pie: "pie",
  cheese: "cheese",
  slices: "meatOnBone",
  salami: "steak",
  sandwich: "sandwich",
  salad: "salad",
  soup: "pot",
  drumstick: "poultryLeg",
  turkey: "poultryLeg",
  steak: "steak",
  ribs: "meatOnBone",
  sausage: "hotDog",
  fish: "fish",
  shrimp: "shrimp",
  lobster: "lobster",
  egg: "egg",
  milk: "milk",
  yogurt: "bowl",
  butter: "butter",
  bottle: "bottle",
  oil: "olive",
  can: "can",
  jar: "jar",
  box: "cracker",
  pasta: "spaghetti",
  chips: "fries",
  nuts: "peanuts",
  coffee: "coffee",
  icecream: "iceCream",
  snowflake: "iceCream",
  pizza: "pizza",
  bouquet: "bouquet",
  rose: "rose",
  plant: "plant",
  balloon: "balloon",
  platter: "shallowPan",
  tray: "shallowPan",
  candy: "candy",
  roll: "paperRoll",
  spray: "lotion",
  wheat: "wheat",
  basket: "basket",
  dip: "bowl",
  olive: "olive",
  rice: "rice",
  card: "letter",
  leaf: "herb",
  cart: "basket",
  clock: "coffee",
  car: "basket",
};

/**
 * Name rules, first match wins. Each says what the product is (a word of its name), so a product
 * filed under a near glyph (a mango drawn as a potato, crab cakes as a cookie) shows itself.
 */
const NAME_RULES: [RegExp, Food | FoodPicture][] = [
  // Read first: words that say what the product is whatever else its name holds
  [/\bpotato chips|tortilla chips/i, "fries"],
  [/\bpopcorn\b/i, "popcorn"],
  [/\bpretzel/i, "pretzel"],
  [/\bice cream\b/i, "iceCream"],
  [/\byogurt\b(?! covered)|cottage cheese/i, "bowl"],
  [/\bpeanut butter\b/i, "peanuts"],
  [/\bsoy sauce|vanilla extract/i, "bottle"],
  [/\balfredo\b/i, "cheese"],
  [/\bcrushed tomatoes|diced tomatoes|broth\b|noodle soup, /i, "can"],
  [/\bsparkling water|\bcola\b|ginger ale|lime soda/i, "soda"],
  [/\bsub\b|sub platter|sandwich platter|tuna melt/i, "sandwich"],
  [/\bwrap\b/i, "burrito"],
  [/\bcoconut milk/i, "coconut"],
  [/\btenderloin/i, "steak"],
  // Bakery (before produce and meats: an apple pie is a pie, carrot cake a cake)
  [/\bcookie cake|cookies?\b|vanilla wafers/i, "cookie"],
  [/\bcupcakes?\b|muffins/i, "cupcake"],
  [/\bcrab cakes?\b/i, "crab"],
  [/\bcelebration cake|party cake|smash cake/i, "cake"],
  [/\bcake\b|tiramisu|shortcake/i, "shortcake"],
  [/\blemon bars/i, "lemon"],
  [/\bbrownies|truffles|chocolate chips|chocolate almonds|bars?,/i, "chocolate"],
  [/\bpot pie\b|\bpie\b|tart\b|toaster pastries/i, "pie"],
  [/\bdonuts?\b/i, "donut"],
  [/\bbagels?\b/i, "bagel"],
  [/\btortillas\b/i, "flatbread"],
  [/\bcroissants?|cinnamon buns|cannoli|pastry/i, "croissant"],
  [/\bbaguette|ciabatta|semolina loaf|hoagie rolls/i, "baguette"],
  [/\bslider/i, "burger"],
  [/\bbread\b|loaf|boule|challah|rolls, |buns, /i, "bread"],
  [/\bpancake|maple syrup|brunch/i, "pancakes"],
  [/\bwaffles?\b/i, "waffle"],
  // Produce
  [/\bbananas?\b/i, "banana"],
  [/\bgranny smith\b/i, "greenApple"],
  [/\bapples?\b(?! juice)/i, "apple"],
  [/\bpears?\b/i, "pear"],
  [/\bpeach(es)?\b/i, "peach"],
  [/\boranges?\b(?! juice)/i, "orange"],
  [/\blimes?\b/i, { food: "lemon", hue: 70 }],
  [/\blemons?\b$/i, "lemon"],
  [/\bpineapple\b/i, "pineapple"],
  [/\bcantaloupe|melon\b/i, "melon"],
  [/\bmango\b/i, "mango"],
  [/\bavocado\b/i, "avocado"],
  [/\bguacamole\b/i, "avocado"],
  [/\bmushrooms?\b/i, "mushroom"],
  [/\bonions\b/i, "onion"],
  [/\bsweet potato/i, "sweetPotato"],
  [/\bpotato(es)? salad|roasted red potatoes|mashed potatoes|russet/i, "potato"],
  [/\bgarlic bulb\b/i, "garlic"],
  [/\bcarrots?\b|crudit/i, "carrot"],
  [/\bbroccoli|cauliflower|roasted vegetable|mixed vegetables/i, "broccoli"],
  [/\bcelery|romaine|spring mix|spinach, 5|baby spinach|iceberg|kale|asparagus/i, "lettuce"],
  [/\bbasil\b(?! sauce| bisque)|cilantro/i, "herb"],
  [/\bcucumber|zucchini/i, "cucumber"],
  [/\bbell pepper/i, "bellPepper"],
  [/\broasted red peppers/i, "hotPepper"],
  [/\bcherry peppers|salsa|curry paste/i, "hotPepper"],
  [/\btomato(es)?\b(?! basil|,? ?sauce| ketchup)/i, "tomato"],
  [/\bsweet corn\b/i, "corn"],
  [/\bsweet peas\b/i, "peaPod"],
  [
    /\bstrawberr(y|ies)\b(?! shortcake| ice cream| yogurt| preserves| toaster)|raspberries/i,
    "strawberry",
  ],
  [/\bblueberries|berry blend/i, "blueberries"],
  [/\bcranberries\b/i, "cherries"],
  [/\bgrapes\b|fruit & cheese/i, "grapes"],
  [/\bfruit platter\b/i, "strawberry"],
  [/\bolive (medley|oil)|antipasto|kalamata/i, "olive"],
  [/\bbasket arrangement/i, "basket"],
  // Deli, meat and seafood
  [/\bbacon\b|prosciutto\b(?! stuffed)/i, "bacon"],
  [/\bham\b|bologna|mortadella|pork roll|capicola/i, "meatOnBone"],
  [/\btuna|salmon|cod\b|flounder|tilapia|haddock|swordfish/i, "fish"],
  [/\bshrimp|seafood salad/i, "shrimp"],
  [/\blobster/i, "lobster"],
  [/\bclams|mussels|scallops/i, "oyster"],
  [/\bsausage|bratwurst|kielbasa/i, "hotDog"],
  [/\bpepperoni pizza|margherita|four cheese pizza/i, "pizza"],
  [/\bburger patties/i, "burger"],
  [/\bchicken salad|egg salad/i, "salad"],
  [/\bturkey dinner/i, "turkey"],
  [/\bchicken\b(?! broth| noodle| fried| flavor| pot)|turkey\b(?! dinner)/i, "poultryLeg"],
  [/\bribs?\b|rack of lamb|crown roast|lamb loin chops|pork chops|leg of lamb/i, "meatOnBone"],
  [/\bsalami|sopressata|pepperoni|charcuterie/i, "steak"],
  // Prepared food
  [/\bsoup|chowder|bisque/i, "pot"],
  [/\bsalad\b|slaw|vegetarian dinner/i, "salad"],
  [/\bpad thai|ramen\b/i, "noodles"],
  [/\bziti|penne|macaroni|mac & cheese|lasagna|orzo salad|pasta primavera|meatballs/i, "spaghetti"],
  [/\beggplant/i, "eggplant"],
  [/\bfried rice|\brice\b|quinoa/i, "rice"],
  [/\bhummus|dip\b/i, "bowl"],
  [/\bpimento cheese|parmesan|cheese\b(?! sauce)|cheddar|mozzarella|feta|mexican blend/i, "cheese"],
  [/\bpulled pork/i, "shallowPan"],
  [/\bgame day/i, "football"],
  [/\boffice lunch/i, "bento"],
  [/\bcelebration pack/i, "party"],
  // Dairy and eggs
  [/\beggs\b/i, "egg"],
  [/\bbutter\b(?! crackers)|cream cheese/i, "butter"],
  [/\bmilk\b(?! chocolate)|whipping cream|half & half/i, "milk"],
  // Pantry
  [/\bspaghetti|rigatoni|linguine|farfalle|rotini|orzo\b|elbow macaroni/i, "spaghetti"],
  [/\bflour\b|rolled oats/i, "wheat"],
  [/\bsugar\b|baking soda/i, "salt"],
  [/\bcereal|granola\b/i, "bowl"],
  [/\bcrackers\b/i, "cracker"],
  [/\bcoffee\b/i, "coffee"],
  [/\btea\b/i, "tea"],
  [/\bsauce\b|ketchup/i, "tomato"],
  [/\bmayonnaise|mustard/i, "jar"],
  [/\bhoney\b/i, "honey"],
  [/\bpeanut butter|nuts\b|almonds|cashews|trail mix/i, "peanuts"],
  [/\bpreserves\b/i, "strawberry"],
  [/\bbeans\b|chickpeas/i, "beans"],
  [/\bvinegar\b/i, "wine"],
  [/\bspring water/i, "water"],
  [/\bjuice|lemonade/i, "juice"],
  [/\bgummy bears|candy/i, "candy"],
  // Household
  [/\bpaper towels|bath tissue|aluminum foil/i, "paperRoll"],
  [/\btrash bags/i, "wastebasket"],
  [/\bstorage bags/i, "shoppingBags"],
  [/\bsponges?\b/i, "sponge"],
  [/\bdish soap|cleaner|detergent/i, "lotion"],
  // Floral
  [/\brose/i, "rose"],
  [/\bsunflower/i, "sunflower"],
  [/\btulip/i, "tulip"],
  [/\bsucculent/i, "cactus"],
  [/\bpeace lily|orchid|mums\b|poinsettia/i, "plant"],
  [/\bballoons?\b/i, "balloon"],
  [/\bgreeting card/i, "letter"],
];

const picture = (rule: Food | FoodPicture): FoodPicture =>
  typeof rule === "string" ? { food: rule } : rule;

/** The picture a product shows on every page. */
export function productFood(p: Pick<ProductSeed, "name" | "art">): FoodPicture {
  const rule = NAME_RULES.find(([pattern]) => pattern.test(p.name));
  return rule ? picture(rule[1]) : { food: GLYPH_FOOD[p.art] };
}

/** Categories whose glyph says less than it could (a frozen vegetable is not ice cream). */
const CATEGORY_FOOD: Partial<Record<string, Food>> = {
  "deli-turkey-chicken": "poultryLeg",
  "deli-side-salads": "potato",
  "bakery-signature-cakes": "shortcake",
  "catering-fresh-platters": "grapes",
  "catering-party-packs": "party",
  "catering-holiday": "turkey",
  "floral-sympathy": "tulip",
  "grocery-fruit": "strawberry",
  "grocery-salad-herbs": "lettuce",
  "grocery-pantry": "can",
  "grocery-breakfast": "bowl",
  "grocery-water": "water",
  "grocery-juice-soda": "juice",
  "grocery-frozen-vegetables": "peaPod",
  "grocery-international": "noodles",
  "meat-ground": "burger",
  "meat-beef-roasts": "meatOnBone",
  "meat-lamb-veal": "meatOnBone",
};

export function categoryFood(c: Pick<CategorySeed, "key" | "art">): FoodPicture {
  return { food: CATEGORY_FOOD[c.key] ?? GLYPH_FOOD[c.art] };
}

/**
 * Each department's and shortcut's picture: a main food, its own on the departments page (no two
 * cards alike), and two beside it.
 */
export const DEPARTMENT_FOOD: Record<string, [main: Food, left: Food, right: Food]> = {
  deli: ["sandwich", "cheese", "bacon"],
  bakery: ["croissant", "baguette", "donut"],
  meat: ["steak", "poultryLeg", "fish"],
  grocery: ["broccoli", "apple", "milk"],
  catering: ["shallowPan", "shrimp", "salad"],
  floral: ["bouquet", "tulip", "sunflower"],
  thanksgiving: ["turkey", "pie", "corn"],
  "birthday-cakes": ["cake", "cupcake", "balloon"],
  "game-day": ["football", "hotDog", "pizza"],
};

let assets: string | null = null;

/** The folder of the installed package's pictures. */
function foodAssetsFolder(): string {
  if (!assets) {
    const require = createRequire(import.meta.url);
    assets = join(dirname(require.resolve("@lobehub/fluent-emoji-3d/package.json")), "assets");
  }
  return assets;
}

export function foodFile(food: Food): string {
  return join(foodAssetsFolder(), `${FOODS[food]}.webp`);
}

const encoded = new Map<Food, string>();

/** The picture as a data URI (read once per process). */
export function foodDataUri(food: Food): string {
  let uri = encoded.get(food);
  if (!uri) {
    uri = `data:image/webp;base64,${readFileSync(foodFile(food)).toString("base64")}`;
    encoded.set(food, uri);
  }
  return uri;
}

/** The pictures are 256 px square; the image element draws one `size` pixels wide at (x, y). */
export function placeFood(
  pic: FoodPicture,
  x: number,
  y: number,
  size: number,
  filterId = "hue",
): string {
  const filter = pic.hue ? ` filter="url(#${filterId})"` : "";
  const image = `<image href="${foodDataUri(pic.food)}" x="${x}" y="${y}" width="${size}" height="${size}"${filter}/>`;
  return pic.hue
    ? `<filter id="${filterId}"><feColorMatrix type="hueRotate" values="${pic.hue}"/></filter>${image}`
    : image;
}
