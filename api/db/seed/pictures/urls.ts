/**
 * The one place that spells picture URLs: the seed stores these, and routes/media.ts serves them.
 * Every name matches SAFE_NAME, so the router can refuse anything else before looking it up.
 */
const MEDIA_PREFIX = "/media";
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9-]{0,79}$/;

export const productImageUrl = (sku: string, n: number) =>
  `${MEDIA_PREFIX}/products/${sku}-${n}.svg`;
export const categoryImageUrl = (key: string) => `${MEDIA_PREFIX}/categories/${key}.svg`;
export const categoryIconUrl = (key: string) => `${MEDIA_PREFIX}/categories/${key}-icon.svg`;
export const departmentImageUrl = (key: string) => `${MEDIA_PREFIX}/departments/${key}.svg`;
export const catalogPageUrl = (catalog: string, page: number) =>
  `${MEDIA_PREFIX}/catalogs/${catalog}-${page}.svg`;
export const alertImageUrl = (key: string) => `${MEDIA_PREFIX}/alerts/${key}.svg`;
export const couponImageUrl = (key: string) => `${MEDIA_PREFIX}/coupons/${key}.svg`;
export const builderImageUrl = (name: string) => `${MEDIA_PREFIX}/builder/${name}.svg`;
export const BRAND_LOGO_URL = `${MEDIA_PREFIX}/brand/logo.svg`;
