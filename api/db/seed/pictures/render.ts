/**
 * Resolves a media path (section + file name) to SVG text, or null when the name is not one the
 * demo brand uses. Names are checked against a strict pattern first and then against the data, so
 * nothing a request says is ever used as a path or echoed unescaped.
 */
import { CATALOG_BY_KEY } from "../catalogs";
import { CATEGORY_BY_KEY } from "../categories";
import { COUPON_BY_KEY } from "../coupons";
import { imageCount, PRODUCT_BY_SKU } from "../products";
import { alertPicture, brandLogo, departmentBanner } from "./banners";
import { builderPicture } from "./builder";
import { catalogPicture } from "./pages";
import { categoryIcon, categoryPicture, couponPicture, productPicture } from "./products";
import { SAFE_NAME } from "./urls";

const MEDIA_SECTIONS = [
  "products",
  "categories",
  "departments",
  "catalogs",
  "brand",
  "alerts",
  "coupons",
  "builder",
] as const;
type MediaSection = (typeof MEDIA_SECTIONS)[number];

function renderName(section: MediaSection, name: string): string | null {
  switch (section) {
    case "products": {
      const m = /^(.+)-([1-5])$/.exec(name);
      const product = m ? PRODUCT_BY_SKU.get(m[1] ?? "") : undefined;
      const n = Number(m?.[2]);
      return product && n <= imageCount(product) ? productPicture(product, n) : null;
    }
    case "categories": {
      const icon = name.endsWith("-icon");
      const entry = CATEGORY_BY_KEY.get(icon ? name.slice(0, -"-icon".length) : name);
      if (!entry) return null;
      return icon ? categoryIcon(entry.category) : categoryPicture(entry.category);
    }
    case "departments":
      return departmentBanner(name);
    case "catalogs": {
      const m = /^(.+)-(\d{1,3})$/.exec(name);
      const catalog = m ? CATALOG_BY_KEY.get(m[1] ?? "") : undefined;
      return catalog ? catalogPicture(catalog, Number(m?.[2])) : null;
    }
    case "brand":
      return name === "logo" ? brandLogo() : null;
    case "alerts":
      return alertPicture(name);
    case "coupons": {
      const c = COUPON_BY_KEY.get(name);
      return c ? couponPicture(c.art, c.short_description, c.brand_name) : null;
    }
    case "builder":
      return builderPicture(name);
  }
}

function isMediaSection(value: string): value is MediaSection {
  return (MEDIA_SECTIONS as readonly string[]).includes(value);
}

/** SVG for `/media/{section}/{file}`, or null for anything unknown or malformed. */
export function renderMedia(section: string, file: string): string | null {
  if (!isMediaSection(section) || !file.endsWith(".svg")) return null;
  const name = file.slice(0, -".svg".length);
  if (!SAFE_NAME.test(name)) return null;
  return renderName(section, name);
}

/** The same lookup from a whole URL path such as `/media/products/DL-1000-1.svg`. */
export function renderMediaUrl(url: string): string | null {
  const m = /^\/media\/([a-z]+)\/([^/]+)$/.exec(url);
  return m ? renderMedia(m[1] ?? "", m[2] ?? "") : null;
}
