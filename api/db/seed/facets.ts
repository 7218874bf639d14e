/** Facet templates reused across products: deli slicing, sandwiches, the cake builder, platters, flowers. */
import { builderImageUrl } from "./pictures/urls";
import type { ChoiceSeed, FacetSeed } from "./types";

export const sliceFacet = (): FacetSeed => ({
  name: "Slice",
  description: "How would you like it sliced?",
  required: true,
  choiceLimit: 1,
  choices: [
    { value: "Shaved", description: "Paper thin, great for piling high" },
    { value: "Thin" },
    { value: "Regular", default: true },
    { value: "Thick", description: "About 1/8 inch" },
  ],
});

export const packagingFacet = (): FacetSeed => ({
  name: "Packaging",
  choiceLimit: 1,
  choices: [{ value: "Stacked", default: true }, { value: "Paper between slices" }],
});

export const subFacets = (): FacetSeed[] => [
  {
    name: "Bread",
    required: true,
    choiceLimit: 1,
    choices: [
      { value: "Italian Sub Roll", default: true },
      { value: "Seeded Sub Roll" },
      { value: "Whole Wheat Wrap" },
      { value: "Gluten-Free Roll", price: 150, calories: -40 },
    ],
  },
  {
    name: "Toppings",
    description: "Choose up to 3",
    choiceLimit: 3,
    choices: [
      { value: "Lettuce", calories: 2 },
      { value: "Tomato", calories: 4 },
      { value: "Red Onion", calories: 5 },
      { value: "Pickles", calories: 2 },
      { value: "Roasted Red Peppers", price: 75, calories: 10 },
      { value: "Hot Cherry Peppers", price: 75, calories: 8 },
    ],
  },
  {
    name: "Condiments",
    description: "Choose up to 2",
    choiceLimit: 2,
    choices: [
      { value: "Oil & Vinegar", calories: 60 },
      { value: "Mayonnaise", calories: 90 },
      { value: "Spicy Brown Mustard", calories: 5 },
      { value: "Russian Dressing", calories: 70 },
    ],
  },
];

const layer = (shape: string, name: string) => builderImageUrl(`${shape}-${name}`);
const thumb = (name: string) => builderImageUrl(`thumb-${name}`);

/** Icing, border and decoration choices the builder can draw (see pictures/builder.ts). */
export const ICING_COLORS = {
  white: { label: "Whipped Vanilla", hex: "#fffaf2" },
  pink: { label: "Strawberry Pink", hex: "#f9c6d3" },
  chocolate: { label: "Chocolate Buttercream", hex: "#7b4a2a" },
  lavender: { label: "Lavender", hex: "#d9c6f2" },
  blue: { label: "Sky Blue", hex: "#bfe0f7" },
} as const;
export const BORDER_COLORS = {
  white: "#ffffff",
  pink: "#f28fb5",
  blue: "#5fa8d3",
  yellow: "#f6c945",
  green: "#7cc46a",
  chocolate: "#6b3f22",
} as const;
export const DECORATIONS = ["balloons", "flowers", "stars"] as const;
export const PHOTO_PLACEMENTS = ["center", "left", "right"] as const;
export const CAKE_SHAPES = ["round", "sheet"] as const;

export type IcingColor = keyof typeof ICING_COLORS;
export type BorderColor = keyof typeof BORDER_COLORS;

/** Writing colours for messages; "Decorator's Choice" has none, so it gets the default magenta. */
export const MESSAGE_COLORS: ChoiceSeed[] = [
  { value: "Decorator's Choice", default: true },
  { value: "Red", color: "#d62828" },
  { value: "Royal Blue", color: "#1d4ed8" },
  { value: "Green", color: "#15803d" },
  { value: "Purple", color: "#7e22ce" },
  { value: "Chocolate", color: "#5b3a29" },
];

export const CAKE_GROUPS = ["Size & Flavor", "Decoration", "Message"];

/** The builder cake: layered pictures for icing, border, decoration and photo placement. */
export function cakeBuilderFacets(shape: "round" | "sheet", sizes: ChoiceSeed[]): FacetSeed[] {
  const titled = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [
    { name: "Size", group: "Size & Flavor", required: true, choiceLimit: 1, choices: sizes },
    {
      name: "Cake Flavor",
      group: "Size & Flavor",
      required: true,
      choiceLimit: 1,
      choices: [
        { value: "Vanilla", default: true },
        { value: "Chocolate", calories: 20 },
        { value: "Marble", calories: 10 },
        { value: "Red Velvet", price: 300, calories: 40 },
        { value: "Carrot", price: 400, calories: 60 },
        { value: "Confetti", price: 200, calories: 15 },
      ],
    },
    {
      name: "Filling",
      group: "Size & Flavor",
      choiceLimit: 1,
      choices: [
        { value: "No Filling", default: true },
        { value: "Fresh Strawberry", price: 250, calories: 30 },
        { value: "Chocolate Mousse", price: 300, calories: 45 },
        { value: "Bavarian Cream", price: 250, calories: 40 },
        { value: "Cannoli Cream", price: 350, calories: 50 },
      ],
    },
    {
      name: "Icing",
      group: "Decoration",
      required: true,
      choiceLimit: 1,
      choices: (Object.keys(ICING_COLORS) as IcingColor[]).map((key, i) => ({
        value: ICING_COLORS[key].label,
        default: i === 0,
        calories: key === "chocolate" ? 25 : 0,
        layer: layer(shape, `icing-${key}`),
        thumb: thumb(`icing-${key}`),
      })),
    },
    {
      name: "Border",
      group: "Decoration",
      choiceLimit: 1,
      choices: (Object.keys(BORDER_COLORS) as BorderColor[]).map((key, i) => ({
        value: `${titled(key)} Border`,
        default: i === 0,
        layer: layer(shape, `border-${key}`),
        thumb: thumb(`border-${key}`),
      })),
    },
    {
      name: "Decoration",
      group: "Decoration",
      choiceLimit: 1,
      choices: [
        { value: "No Decoration", default: true, thumb: thumb("decor-none") },
        {
          value: "Balloons",
          layer: layer(shape, "decor-balloons"),
          thumb: thumb("decor-balloons"),
        },
        {
          value: "Spring Flowers",
          price: 300,
          layer: layer(shape, "decor-flowers"),
          thumb: thumb("decor-flowers"),
        },
        {
          value: "Stars & Confetti",
          layer: layer(shape, "decor-stars"),
          thumb: thumb("decor-stars"),
        },
        {
          value: "Add a Photo",
          price: 599,
          description: "Upload your photo; we print it on edible paper",
          thumb: thumb("decor-photo"),
        },
      ],
    },
    {
      name: "Photo Placement",
      group: "Decoration",
      choiceLimit: 1,
      shownWhen: { facet: "Decoration", choice: "Add a Photo" },
      choices: PHOTO_PLACEMENTS.map((p, i) => ({
        value: titled(p),
        default: i === 0,
        layer: layer(shape, `photo-${p}`),
        thumb: thumb(`photo-${p}`),
      })),
    },
    {
      name: "Message on Cake",
      group: "Message",
      type: "custom-message",
      description: "Up to 40 characters, written in icing. Pick the writing colour.",
      choiceLimit: 1,
      choices: MESSAGE_COLORS,
    },
    {
      name: "Name on Cake",
      group: "Message",
      type: "free-response",
      description: "A name to pipe in large letters, e.g. Emma",
    },
  ];
}

export const platterSizeFacet = (
  small: string,
  medium: string,
  large: string,
  step = 2500,
): FacetSeed => ({
  name: "Platter Size",
  required: true,
  choiceLimit: 1,
  choices: [
    { value: "Small", description: small, default: true },
    { value: "Medium", description: medium, price: step },
    { value: "Large", description: large, price: step * 2 },
  ],
});

export const floralFacets = (): FacetSeed[] => [
  {
    name: "Arrangement Size",
    required: true,
    choiceLimit: 1,
    choices: [
      { value: "Standard", default: true },
      { value: "Deluxe", description: "About 50% more stems", price: 1000 },
      { value: "Premium", description: "Twice the stems", price: 2000 },
    ],
  },
  {
    name: "Vase",
    choiceLimit: 1,
    choices: [
      { value: "No Vase (wrapped)", default: true },
      { value: "Mason Jar", price: 499 },
      { value: "Clear Glass Vase", price: 799 },
    ],
  },
  { name: "Card Message", type: "free-response", description: "We will write it on a gift card" },
];

export const steakFacets = (): FacetSeed[] => [
  {
    name: "Thickness",
    choiceLimit: 1,
    choices: [
      { value: "1 inch", default: true },
      { value: "1¼ inch" },
      { value: "1½ inch" },
      { value: "2 inch" },
    ],
  },
  {
    name: "Seasoning",
    choiceLimit: 1,
    choices: [
      { value: "Unseasoned", default: true },
      { value: "Harvest Steak Rub", price: 50 },
      { value: "Garlic & Herb Butter", price: 100, calories: 50 },
    ],
  },
];

export const seafoodFacets = (): FacetSeed[] => [
  {
    name: "Preparation",
    required: true,
    choiceLimit: 1,
    choices: [
      { value: "Raw", default: true },
      { value: "Steamed with Bay Seasoning", price: 100, calories: 5 },
      { value: "Cleaned & Deveined", price: 100 },
    ],
  },
];

export const breadSliceFacet = (): FacetSeed => ({
  name: "Slicing",
  choiceLimit: 1,
  choices: [{ value: "Unsliced", default: true }, { value: "Sliced" }, { value: "Thin Sliced" }],
});
