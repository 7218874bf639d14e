/**
 * The product page's work on the server (spec §2): the product as sold in the department, mapped
 * to what the page shows (pictures, facets in order, steps, nutrition, the builder's layers, the
 * bundle and suggestions), and the cart item `?item=` names. The route only guards and answers.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  ApiNotFoundError,
  type Builder,
  type Department,
  type OrderItem,
  type Product,
  type ProductDetail,
} from "~/.server/api";
import { requireDepartment } from "~/.server/department";
import { logWarning } from "~/.server/log";
import { fetchNutritionPanel } from "~/.server/nutrition-panel";
import { leaveOrderOfOtherDepartment, loadWorkingOrder } from "~/.server/order-session";
import { sanitizeHtml } from "~/.server/sanitize-html";
import { redirectTo, type RequestArgs, type StorefrontSession } from "~/.server/session";
import { parseId } from "@core/rules/ids";
import { PRODUCT_NOT_FOUND, type DepartmentLink } from "~/components/product/ProductError";
import {
  productRules,
  quantityRules,
  type BuilderView,
  type NutritionView,
  type ProductCardView,
  type ProductPageData,
  type ProductView,
} from "~/components/product/types";
import { catalogReturnPath, FROM_CATALOG_PARAM, productFromCatalogHref } from "~/lib/catalog";
import { errorPageContent } from "~/lib/error-catalogue";
import { parseWithZod } from "@conform-to/zod";
import {
  facetSteps,
  FIELD,
  initialItemState,
  itemFormStateFromItem,
  PREVIEW_INTENT,
} from "~/lib/item-form";
import {
  itemFormProblem,
  itemFormSchema,
  itemStateFromPayload,
  readItemForm,
} from "~/lib/item-form-schema";
import type { ProductActionData } from "~/components/product/ProductPage";
import { FAVORITE_INTENT } from "~/lib/favorites";
import type { QuickViewFailure, QuickViewProduct } from "~/lib/quick-view";
import { itemProblem, saveItem } from "./cart";
import { isAuthenticated, isClubShopper } from "./shopper";
import type { PostedForm } from "./item-post";
import { shelfClubPrice } from "./listing";
import { departmentPath, productPath } from "~/lib/listing";
import { unitPrice } from "@core/rules/item-configuration";
import { formatMoney } from "@core/rules/money";
import { formatUnit } from "@core/rules/units";
import { waitTimeText } from "@core/rules/wait-time";

/** What the product page's loader and action both get. */
export type ProductArgs = RequestArgs & { params: LoaderFunctionArgs["params"] };

/** The 404 view of spec §2: 'Product Error', with a way back to the department. */
function productNotFound(department: Department) {
  return data(
    {
      code: 404,
      message: PRODUCT_NOT_FOUND,
      name: "ProductNotFound",
      department: {
        name: department.name,
        href: departmentPath(department.store_id, department.id),
      },
    },
    { status: 404 },
  );
}

/** The product as sold in the department; `forPage` adds what only the page shows (one call). */
async function loadProduct(args: ProductArgs, { forPage = false } = {}) {
  const department = await requireDepartment(args);
  const api = args.context.api;
  const productId = parseId(args.params.product);
  if (productId === null) throw productNotFound(department);
  const page = forPage ? { nutrition: showsNutrition(department) } : undefined;
  try {
    return { api, department, product: await api.getProduct(productId, department.id, page) };
  } catch (error) {
    if (error instanceof ApiNotFoundError) throw productNotFound(department);
    throw error;
  }
}

const priceText = (
  product: Pick<Product, "srp_amount" | "sale_srp_amount" | "on_sale" | "unit_of_measure">,
) => `${formatMoney(unitPrice(product))} / ${formatUnit(product.unit_of_measure)}`;

function productCard(product: Product, department: Department): ProductCardView {
  return {
    id: product.id,
    name: product.name,
    href: productPath(department.store_id, department.id, product.id),
    imageUrl: product.image_url,
    price: priceText(product),
  };
}

function toProductView(product: ProductDetail, editingItem: OrderItem | null): ProductView {
  const images = [...(product.images?.data ?? [])]
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.id - b.id)
    .map((image) => ({ id: image.id, url: image.image_url, alt: image.alt_text ?? product.name }));
  if (images.length === 0 && product.image_url)
    images.push({ id: 0, url: product.image_url, alt: product.name });
  const facets = [...(product.facets?.data ?? [])]
    .sort((a, b) => a.weight - b.weight || a.id - b.id)
    .map((facet) => ({
      id: facet.id,
      name: facet.name,
      description: facet.description,
      required: facet.required,
      type: facet.type,
      choice_limit: facet.choice_limit,
      weight: facet.weight,
      choices: (facet.choices?.data ?? []).map((choice) => ({
        id: choice.id,
        value: choice.value,
        description: choice.description,
        default: choice.default,
        srp_amount: choice.srp_amount,
        calorie_modifier: choice.calorie_modifier,
        thumbnail_image_url: choice.thumbnail_image_url,
        color: choice.meta.color,
      })),
    }));
  // The quantity already in the item being edited is not taken from what remains.
  const remaining =
    product.remaining_quantity === null
      ? null
      : product.remaining_quantity + (editingItem?.quantity ?? 0);
  return {
    id: product.id,
    name: product.name,
    brand: product.hide_brand ? null : product.brand,
    variationDescription: product.variation_description,
    descriptionHtml: sanitizeHtml(product.description),
    unitOfMeasure: product.unit_of_measure,
    srp_amount: product.srp_amount,
    sale_srp_amount: product.sale_srp_amount,
    on_sale: product.on_sale,
    servingSize: product.serving_size,
    detailStyle: product.detail_style,
    callToAction: product.call_to_action,
    favorite: product.favorite,
    acceptsSpecialInstructions: product.accepts_special_instructions,
    acceptsCustomerPhoto: product.accepts_customer_photo,
    accepts_fractional_quantities: product.accepts_fractional_quantities,
    minimum_quantity: product.minimum_quantity,
    maximum_quantity: product.maximum_quantity,
    remaining_quantity: remaining,
    calories: product.nutrition.calories,
    caloriesServingSize: product.nutrition.serving_size,
    images,
    facets,
    facet_triggers: product.facet_triggers,
    steps: facetSteps(facets, product.facet_groups),
  };
}

const showsNutrition = (department: Department) =>
  department.show_nutritional_info || department.show_sodium_warnings;

/**
 * Nutrition when the department shows it, as it came with the product; the spec's 'currently
 * unavailable' text when it did not come, or its panel cannot be read.
 */
async function loadNutrition(
  product: ProductDetail,
  department: Department,
): Promise<NutritionView | null> {
  if (!showsNutrition(department)) return null;
  const nutrition = product.nutrition_details?.data;
  if (!nutrition) {
    logWarning("Nutrition unavailable", { productId: product.id });
    return { status: "unavailable" };
  }
  const panel =
    department.show_nutritional_info && nutrition.url
      ? await fetchNutritionPanel(nutrition.url)
      : null;
  return {
    status: "available",
    showCalories: department.show_nutritional_info,
    servingSize: nutrition.serving_size ?? product.nutrition.serving_size,
    sodiumWarningHeader: department.show_sodium_warnings ? nutrition.sodium_warning_header : null,
    sodiumWarningFooter: department.show_sodium_warnings ? nutrition.sodium_warning_footer : null,
    panel,
  };
}

/** The builder's layer pictures in drawing order: groups by weight, facets as the group lists them. */
function toBuilderView(builder: Builder): BuilderView {
  const layers = [...builder.groups]
    .sort((a, b) => a.weight - b.weight || a.id - b.id)
    .flatMap((group) =>
      group.facet_ids.flatMap((facetId) => group.layers.filter((l) => l.facet_id === facetId)),
    );
  return { baseImageUrl: builder.baseImageUrl, layers };
}

/** The builder preview, for builder products; the form works without it. */
function builderView(product: ProductDetail): BuilderView | null {
  if (product.detail_style !== "builder") return null;
  const builder = product.builder?.data;
  return builder ? toBuilderView(builder) : null;
}

/** The cart item `?item=` names, if it is this product's and in the working order. */
async function findEditedItem(args: ProductArgs, productId: number, itemParam: string | null) {
  if (itemParam === null) return { requested: false, item: null };
  const itemId = parseId(itemParam);
  const order = itemId === null ? null : await loadWorkingOrder(args);
  const item =
    order?.items?.data.find((i) => i.id === itemId && i.product_id === productId) ?? null;
  return { requested: true, item };
}

/** The page's data: the product as sold in the department, and the form's starting state. */
export async function productPageData(args: LoaderFunctionArgs): Promise<ProductPageData> {
  const { api, department, product } = await loadProduct(args, { forPage: true });
  await leaveOrderOfOtherDepartment(args, department.id, { ask: false, api });
  const href = productPath(department.store_id, department.id, product.id);

  const edited = await findEditedItem(
    args,
    product.id,
    new URL(args.request.url).searchParams.get(FIELD.item),
  );
  // No order in progress, or not its item: the page without the query (spec §2).
  if (edited.requested && !edited.item) throw redirectTo(href);

  const view = toProductView(product, edited.item);
  const shopper = args.context.shopper;
  const nutrition = await loadNutrition(product, department);
  const builder = builderView(product);
  const members = product.bundle?.data?.members?.data ?? [];
  const page: ProductPageData = {
    storeId: department.store_id,
    department: {
      id: department.id,
      name: department.name,
      href: departmentPath(department.store_id, department.id),
    },
    product: view,
    productHref: href,
    waitTime: waitTimeText(department.lead_time, product.lead_time),
    nutrition,
    builder,
    bundle: product.bundle?.data
      ? {
          name: product.bundle.data.name,
          members: members.flatMap((m) => {
            const memberProduct = m.product?.data;
            return memberProduct ? [productCard(memberProduct, department)] : [];
          }),
        }
      : null,
    suggestions: (product.suggestions?.data ?? []).map((p) => productCard(p, department)),
    editing: edited.item ? { itemId: edited.item.id, imageUrl: edited.item.image_url } : null,
    initial: edited.item
      ? itemFormStateFromItem(
          { ...edited.item, preferences: edited.item.preferences?.data ?? [] },
          productRules(view),
          quantityRules(view),
        )
      : initialItemState(productRules(view), quantityRules(view)),
    signedIn: isAuthenticated(shopper.session),
    club: shelfClubPrice(product, { clubMember: isClubShopper(shopper.session) }),
    justAdded: shopper.session.get("addedProduct") === product.id,
    catalogBack: catalogReturnPath(
      new URL(args.request.url).searchParams.get(FROM_CATALOG_PARAM),
      department.store_id,
      department.id,
    ),
  };
  return page;
}

/**
 * The quick view's read (its own route, not the page's): the product as sold in the department,
 * reduced to what the dialog's Add to Cart posts. Like the page, it lets go of a working order of
 * another department; it reads no nutrition panel and no cart item.
 */
export async function quickViewData(args: LoaderFunctionArgs): Promise<QuickViewProduct> {
  const { api, department, product } = await loadProduct(args);
  await leaveOrderOfOtherDepartment(args, department.id, { ask: false, api });
  const view = toProductView(product, null);
  const initial = initialItemState(productRules(view), quantityRules(view));
  return {
    productHref: productPath(department.store_id, department.id, product.id),
    needsNoChoices:
      view.detailStyle !== "builder" &&
      !view.facets.some((facet) => facet.required) &&
      initial.quantity !== "",
    quantity: initial.quantity,
    preferences: initial.preferences,
  };
}

/**
 * A quick view's failed read, answered (not thrown: a fetcher's thrown error would replace the
 * listing with the error page) with its status: 404 is the spec's 'Product Error', 503 the API
 * away; the dialog ignores the rest.
 */
export function quickViewFailure(error: unknown): { failure: QuickViewFailure; status: number } {
  const thrown = error as {
    type?: unknown;
    data?: { name?: unknown; department?: DepartmentLink; message?: unknown };
    init?: { status?: number } | null;
  } | null;
  const body = thrown?.type === "DataWithResponseInit" ? thrown.data : undefined;
  if (body?.name === "ProductNotFound" && body.department) {
    return { failure: { quickView: "not-found", department: body.department }, status: 404 };
  }
  const status = error instanceof Response ? error.status : (thrown?.init?.status ?? 500);
  const code = status >= 400 ? status : 500;
  const message = typeof body?.message === "string" ? body.message : errorPageContent(code).message;
  return { failure: { quickView: "failed", code, message }, status: code };
}

// --- The form post ------------------------------------------------------------------------------

/**
 * The product form's posts by `intent`; any other (Add to Cart, Update Cart) saves the item. The
 * favorite star posts to /favorites/{product}; a page from before that still posts its intent
 * here, so it is taken by the same work (never read as an Add to Cart).
 */
export const productIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(FAVORITE_INTENT) }),
  z.object({ intent: z.literal(PREVIEW_INTENT) }),
  z.object({ intent: z.literal("save") }),
]);

/** The form as posted for this product: the product, the cart item it edits, the entries. */
async function loadPostedItem(args: ProductArgs, form: FormData) {
  const { api, department, product } = await loadProduct(args);
  await leaveOrderOfOtherDepartment(args, department.id, { ask: false, api });
  const href = productPath(department.store_id, department.id, product.id);
  const itemField = form.get(FIELD.item);
  const edited = await findEditedItem(
    args,
    product.id,
    typeof itemField === "string" && itemField ? itemField : null,
  );
  if (edited.requested && !edited.item) throw redirectTo(href, { status: 303 });
  return {
    api,
    department,
    href,
    view: toProductView(product, edited.item),
    editedItem: edited.item,
  };
}

/** 'Preview Message' without scripts: nothing is added; the form comes back as sent, previewed. */
export async function previewItem(args: ProductArgs, form: FormData) {
  const { view } = await loadPostedItem(args, form);
  return data<ProductActionData>({
    status: "preview",
    state: readItemForm(form, productRules(view)),
  });
}

/** Add to Cart or Update Cart: everything the storefront can check first, then the cart's save. */
export async function saveItemFromPage(
  args: ProductArgs,
  session: StorefrontSession,
  { form, photoTooLarge }: PostedForm,
) {
  const { api, department, href, view, editedItem } = await loadPostedItem(args, form);
  // The same schema as the form's in the browser, with what only the server knows of the photo.
  const schema = itemFormSchema(productRules(view), quantityRules(view), {
    acceptsPhoto: view.acceptsCustomerPhoto,
    photoTooLarge,
  });
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  if (submission.status !== "success") {
    const state = itemStateFromPayload(submission.payload, productRules(view));
    return itemProblem(itemFormProblem(submission.error), state, submission.reply());
  }
  const { item, state, photo } = submission.value;
  // Opened from a catalog spread: the page after the add keeps the way back to it.
  const from = form.get(FIELD.from);
  const back = catalogReturnPath(
    typeof from === "string" ? from : null,
    department.store_id,
    department.id,
  );
  return saveItem(args, {
    session,
    api,
    departmentId: department.id,
    productId: view.id,
    productHref: back ? productFromCatalogHref(href, back) : href,
    editedItemId: editedItem?.id ?? null,
    item: { ...item, notes: view.acceptsSpecialInstructions ? item.notes : null },
    photo,
    state,
    enhanced: form.get(FIELD.enhanced) === "1",
  });
}
