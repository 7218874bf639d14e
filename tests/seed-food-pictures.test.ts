/**
 * The demo's food pictures (api/db/seed/pictures/food.ts): every seeded product, category,
 * department and shortcut shows a picture of what it is, read from the pinned emoji package, and
 * the pictures that carry words keep them inside the picture.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGS } from "../api/db/seed/catalogs";
import { ALL_CATEGORIES } from "../api/db/seed/categories";
import { DEPARTMENT_KINDS } from "../api/db/seed/departments";
import {
  DEPARTMENT_FOOD,
  FOODS,
  foodFile,
  productFood,
  type Food,
} from "../api/db/seed/pictures/food";
import { COVER_TITLE_CHARS, COVER_TITLE_SIZE } from "../api/db/seed/pictures/pages";
import { renderMediaUrl } from "../api/db/seed/pictures/render";
import {
  catalogPageUrl,
  categoryImageUrl,
  departmentImageUrl,
  productImageUrl,
} from "../api/db/seed/pictures/urls";
import { PRODUCTS, imageCount } from "../api/db/seed/products";
import { PSEUDO_DEPARTMENTS } from "../api/db/seed/pseudo-departments";

/** The base64 of a food's picture, as a page embeds it. */
const embedded = (food: Food) => fs.readFileSync(foodFile(food)).toString("base64");

describe("food pictures", () => {
  it("has every picture it names in the installed package, each a small WebP", () => {
    for (const food of Object.keys(FOODS) as Food[]) {
      const bytes = fs.readFileSync(foodFile(food));
      expect(bytes.subarray(8, 12).toString("latin1"), food).toBe("WEBP");
      expect(bytes.length, food).toBeLessThan(10 * 1024);
    }
  });

  it("gives every seeded product a picture, and each of its views shows it", () => {
    expect(PRODUCTS.length).toBeGreaterThan(400);
    for (const product of PRODUCTS) {
      const { food } = productFood(product);
      expect(FOODS[food], product.name).toBeDefined();
      for (let n = 1; n <= imageCount(product); n++) {
        const body = renderMediaUrl(productImageUrl(product.sku, n));
        expect(body, `${product.sku}-${n}`).toContain(embedded(food));
      }
    }
  });

  // What a shopper would call each product, across the departments; the first group is the
  // products the clip-art drew as something else.
  it.each<[string, Food]>([
    ["Ataulfo Mango", "mango"],
    ["Hass Avocado", "avocado"],
    ["White Mushrooms, 8 oz", "mushroom"],
    ["Garlic Bulb", "garlic"],
    ["Yellow Onions, 3 lb Bag", "onion"],
    ["Bartlett Pears", "pear"],
    ["Jersey Peaches", "peach"],
    ["Golden Pineapple", "pineapple"],
    ["Cantaloupe", "melon"],
    ["Jumbo Lump Crab Cakes, 2 Count", "crab"],
    ["Pork Tenderloin", "steak"],
    ["Dry Sea Scallops", "oyster"],
    ["Littleneck Clams", "oyster"],
    ["Prince Edward Island Mussels", "oyster"],
    ["Cinnamon Buns, 4 Count", "croissant"],
    ["Flour Tortillas, 10 Count", "flatbread"],
    ["Yogurt Covered Pretzels, Bulk", "pretzel"],
    ["Chicken Broth, 32 oz", "can"],
    ["Lemon Lime Soda, 2 Liter", "soda"],
    ["Coconut Milk, 13.5 oz", "coconut"],
    ["Creamy Peanut Butter, 16 oz", "peanuts"],
    ["Carrot Cake with Cream Cheese Icing", "shortcake"],
    ["Apple Crumb Pie", "pie"],
    ["Greek Yogurt, Peach, 5.3 oz", "bowl"],
    ["Kettle Cooked Potato Chips, Sour Cream & Onion, 8 oz", "fries"],
    ["Classic Ham & Swiss Sub", "sandwich"],
    ["Baking Soda, 1 lb", "salt"],
    ["Bananas", "banana"],
    ["Granny Smith Apples", "greenApple"],
    ["Limes", "lemon"],
    ["Strawberries, 1 lb Clamshell", "strawberry"],
    ["Broccoli Crowns", "broccoli"],
    ["Sweet Corn", "corn"],
    ["Oven Roasted Turkey Breast", "poultryLeg"],
    ["Virginia Baked Ham", "meatOnBone"],
    ["Sharp Cheddar Cheese", "cheese"],
    ["Italian Combo Sub", "sandwich"],
    ["Turkey Club Wrap", "burrito"],
    ["Homestyle Chicken Noodle Soup", "pot"],
    ['8" Round Celebration Cake', "cake"],
    ["Cupcakes, 12 Count", "cupcake"],
    ["French Baguette", "baguette"],
    ["Everything Bagels, 6 Count", "bagel"],
    ["Butter Croissants, 4 Count", "croissant"],
    ["Glazed Donuts, 6 Count", "donut"],
    ["Boneless Ribeye Steak", "steak"],
    ["Atlantic Salmon Fillet", "fish"],
    ["Jumbo Shrimp, 16/20 Count", "shrimp"],
    ["Live Maine Lobster", "lobster"],
    ["Sweet Italian Sausage", "hotDog"],
    ["Whole Milk, 1 Gallon", "milk"],
    ["Large White Eggs, 1 Dozen", "egg"],
    ["Salted Butter, 1 lb", "butter"],
    ["Margherita Pizza, 12 inch", "pizza"],
    ["Vanilla Bean Ice Cream, 48 oz", "iceCream"],
    ["Breakfast Blend Ground Coffee, 12 oz", "coffee"],
    ["Dozen Red Roses", "rose"],
    ["Sunflower Bouquet", "sunflower"],
    ["Peace Lily", "plant"],
    ["Happy Birthday Mylar Balloon", "balloon"],
    ["Paper Towels, 6 Double Rolls", "paperRoll"],
  ])("shows %s as %s", (name, food) => {
    const product = PRODUCTS.find((p) => p.name === name);
    expect(product, name).toBeDefined();
    expect(productFood(product!).food).toBe(food);
  });

  it("gives every category a food picture", () => {
    for (const { category } of ALL_CATEGORIES) {
      const body = renderMediaUrl(categoryImageUrl(category.key));
      expect(body, category.key).toMatch(/<image href="data:image\/webp;base64,/);
    }
  });
});

describe("department pictures", () => {
  const keys = [...DEPARTMENT_KINDS, ...PSEUDO_DEPARTMENTS.map((p) => p.key)];

  it("gives each department and shortcut a picture of its own, without words", () => {
    const bodies = keys.map((key) => renderMediaUrl(departmentImageUrl(key)));
    for (const [i, body] of bodies.entries()) {
      expect(body, keys[i]).not.toBeNull();
      // The card under the picture names the department: the picture says nothing of its own.
      expect(body, keys[i]).not.toMatch(/<text/);
    }
    const mains = keys.map((key) => DEPARTMENT_FOOD[key]?.[0]);
    expect(new Set(mains).size).toBe(keys.length);
    // Each picture's main food is drawn in no other department's picture.
    for (const [i, key] of keys.entries()) {
      const main = embedded(mains[i]!);
      const others = bodies.filter((_, j) => j !== i && bodies[j]!.includes(main));
      expect(others, key).toEqual([]);
    }
  });
});

describe("catalog covers", () => {
  it("keeps each cover's title inside the page", () => {
    for (const catalog of CATALOGS) {
      const body = renderMediaUrl(catalogPageUrl(catalog.key, 1))!;
      const group = new RegExp(
        `<g font-size="${COVER_TITLE_SIZE}" font-weight="800"[^>]*>(.*?)</g>`,
      ).exec(body);
      expect(group, catalog.key).not.toBeNull();
      const lines = [...group![1]!.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) =>
        m[1]!.replace(/&amp;/g, "&"),
      );
      expect(lines.join(" "), catalog.key).toBe(catalog.name);
      for (const line of lines) {
        expect(line.length, line).toBeLessThanOrEqual(COVER_TITLE_CHARS);
        // Bold sans-serif runs about 0.62 em a character: the line stays 20 px clear of each edge.
        expect(line.length * 0.62 * COVER_TITLE_SIZE, line).toBeLessThan(560);
      }
    }
  });
});
