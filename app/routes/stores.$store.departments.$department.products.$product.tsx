/**
 * The product page (spec §2): the product as sold in the department, its configuration form and
 * Add to Cart. `?item={id}` loads a cart item of the working order into the form (Update Cart).
 *
 * The whole configuration is one form posting here, so it works without JavaScript; with it, the
 * same form gains accordion steps, a live price and the preview islands. The action checks the
 * form with the shared rules (app/lib/item-configuration.ts, through app/lib/item-form.ts) before
 * any API call, creates the order on the first add, and answers the page again with the errors
 * and every entry kept when something is wrong.
 */
import { parseId } from "@core/rules/ids";
import { isIncomplete } from "@core/rules/order-status";
import {
  data,
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type UploadHandler,
} from "@remix-run/node";
import {
  isRouteErrorResponse,
  useActionData,
  useLoaderData,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import {
  ApiError,
  ApiNotFoundError,
  type Builder,
  type Department,
  type Nutrition,
  type OrderItem,
  type Product,
  type ProductDetail,
  type StorefrontApi,
} from "~/.server/api";
import { requireCsrf, requireSameOrigin } from "~/.server/csrf";
import { requireDepartment } from "~/.server/department";
import { describeError, logError, logWarning } from "~/.server/log";
import { fetchNutritionPanel } from "~/.server/nutrition-panel";
import {
  abandonOrderOutsideDepartment,
  loadWorkingOrder,
  rememberOrder,
} from "~/.server/order-session";
import { routeError, withRouteErrors } from "~/.server/route-errors";
import { sanitizeHtml } from "~/.server/sanitize-html";
import {
  addFlashMessage,
  forgetOrder,
  getShopperState,
  redirectWithCookies,
  type RequestArgs,
} from "~/.server/session";
import { requireApi } from "~/.server/shopper-api";
import type { BreadcrumbHandle } from "~/components/Breadcrumbs";
import { ErrorPage } from "~/components/ErrorPage";
import {
  ProductError,
  PRODUCT_ERROR_TITLE,
  PRODUCT_NOT_FOUND,
  QUICK_VIEW_PARAM,
  type DepartmentLink,
  type QuickViewFailure,
} from "~/components/product/ProductError";
import { ADDED_TO_CART_ID } from "~/components/product/AddedToCart";
import { ProductPage, type ProductActionData } from "~/components/product/ProductPage";
import {
  productRules,
  quantityRules,
  type BuilderView,
  type NutritionView,
  type ProductCardView,
  type ProductPageData,
  type ProductView,
} from "~/components/product/types";
import { DIALOG_PARAM } from "~/lib/dialog-url";
import { errorPageContent } from "~/lib/error-catalogue";
import { unitPrice } from "@core/rules/item-configuration";
import {
  addToCartProblem,
  checkItemForm,
  checkPhoto,
  facetSteps,
  FIELD,
  initialItemState,
  itemFormStateFromItem,
  MAX_PHOTO_BYTES,
  MESSAGES,
  photoUploadProblem,
  PREVIEW_INTENT,
  readItemForm,
  type FieldErrors,
  type ItemFormProblem,
  type ItemFormState,
} from "~/lib/item-form";
import { departmentPath, productPath } from "~/lib/listing";
import { formatMoney } from "@core/rules/money";
import { readRouteError } from "~/lib/route-error";
import { titleMeta } from "~/lib/route-meta";
import { formatUnit } from "@core/rules/units";
import { waitTimeText } from "@core/rules/wait-time";

// --- Loading the product ------------------------------------------------------------------------

type Args = RequestArgs & { params: LoaderFunctionArgs["params"] };

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

async function loadProduct(args: Args) {
  const department = await requireDepartment(args);
  const api = await requireApi(args);
  const productId = parseId(args.params.product);
  if (productId === null) throw productNotFound(department);
  try {
    return { api, department, product: await api.getProduct(productId, department.id) };
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
    facetTriggers: product.facet_triggers,
    steps: facetSteps(facets, product.facet_groups),
  };
}

/** Nutrition when the department shows it; a failure is the spec's 'currently unavailable' text. */
async function loadNutrition(
  api: StorefrontApi,
  product: ProductDetail,
  department: Department,
): Promise<NutritionView | null> {
  if (!department.show_nutritional_info && !department.show_sodium_warnings) return null;
  let nutrition: Nutrition;
  try {
    nutrition = await api.getNutrition(product.id, department.id);
  } catch (error) {
    logWarning("Nutrition unavailable", { productId: product.id, ...describeError(error) });
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

async function loadBuilder(api: StorefrontApi, product: ProductDetail, department: Department) {
  if (product.detail_style !== "builder") return null;
  try {
    return toBuilderView(await api.getBuilder(product.id, department.id));
  } catch (error) {
    // The preview is an extra: the form works without it.
    logWarning("Builder unavailable", { productId: product.id, ...describeError(error) });
    return null;
  }
}

/** The cart item `?item=` names, if it is this product's and in the working order. */
async function findEditedItem(args: Args, productId: number, itemParam: string | null) {
  if (itemParam === null) return { requested: false, item: null };
  const itemId = parseId(itemParam);
  const order = itemId === null ? null : await loadWorkingOrder(args);
  const item =
    order?.items?.data.find((i) => i.id === itemId && i.product_id === productId) ?? null;
  return { requested: true, item };
}

/**
 * Spec §4: an order of another department is abandoned. The department layout does this too; the
 * page repeats it so it stands on its own, and a failed check never fails the page.
 */
async function dropOrderOfOtherDepartment(args: Args, departmentId: number, api: StorefrontApi) {
  try {
    await abandonOrderOutsideDepartment(args, departmentId, api);
  } catch (error) {
    logWarning("Could not check the working order's department", {
      departmentId,
      ...describeError(error),
    });
  }
}

const productPageLoader = withRouteErrors(async (args: LoaderFunctionArgs) => {
  const { api, department, product } = await loadProduct(args);
  await dropOrderOfOtherDepartment(args, department.id, api);
  const href = productPath(department.store_id, department.id, product.id);

  const edited = await findEditedItem(
    args,
    product.id,
    new URL(args.request.url).searchParams.get(FIELD.item),
  );
  // No order in progress, or not its item: the page without the query (spec §2).
  if (edited.requested && !edited.item) throw await redirectWithCookies(args.context, href);

  const view = toProductView(product, edited.item);
  const shopper = await getShopperState(args);
  const [nutrition, builder] = await Promise.all([
    loadNutrition(api, product, department),
    loadBuilder(api, product, department),
  ]);
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
    signedIn: false,
    justAdded: shopper.session.get("addedProduct") === product.id,
  };
  return page;
});

/** A quick view's failed read as data: 404 is the spec's 'Product Error'; the rest is ignored. */
function quickViewFailure(error: unknown) {
  const thrown = error as {
    type?: unknown;
    data?: { name?: unknown; department?: DepartmentLink; message?: unknown };
    init?: { status?: number } | null;
  } | null;
  const body = thrown?.type === "DataWithResponseInit" ? thrown.data : undefined;
  if (body?.name === "ProductNotFound" && body.department) {
    return data<QuickViewFailure>(
      { quickView: "not-found", department: body.department },
      { status: 404 },
    );
  }
  const status = error instanceof Response ? error.status : (thrown?.init?.status ?? 500);
  const code = status >= 400 ? status : 500;
  const message = typeof body?.message === "string" ? body.message : errorPageContent(code).message;
  return data<QuickViewFailure>({ quickView: "failed", code, message }, { status: code });
}

export async function loader(args: LoaderFunctionArgs) {
  if (!new URL(args.request.url).searchParams.has(QUICK_VIEW_PARAM)) return productPageLoader(args);
  try {
    return await productPageLoader(args);
  } catch (error) {
    return quickViewFailure(error);
  }
}

// --- The form post ------------------------------------------------------------------------------

/** Text fields are small; the whole post is bounded so a huge upload cannot exhaust memory. */
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_POST_BYTES = 4 * MAX_PHOTO_BYTES;

const FORM_INCOMPLETE =
  "The form arrived incomplete and could not be read. Please go back and try again.";

interface PostedForm {
  form: FormData;
  /** The photo was larger than the API takes (read and dropped, not kept in memory). */
  photoTooLarge: boolean;
}

async function readPost(request: Request): Promise<PostedForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { form: await request.formData(), photoTooLarge: false };
  let total = 0;
  let photoTooLarge = false;
  const handler: UploadHandler = async ({ name, filename, contentType, data: chunks }) => {
    const isFile = typeof filename === "string";
    const limit = isFile ? MAX_PHOTO_BYTES : MAX_FIELD_BYTES;
    const kept: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (total > MAX_POST_BYTES) throw new MaxPartSizeExceededError(name, MAX_POST_BYTES);
      if (size <= limit) kept.push(chunk);
    }
    if (size > limit) {
      if (!isFile) throw new MaxPartSizeExceededError(name, limit);
      photoTooLarge = true;
      return undefined;
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of kept) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    if (isFile) return new File([bytes], filename, { type: contentType });
    return new TextDecoder().decode(bytes);
  };
  try {
    return { form: await unstable_parseMultipartFormData(request, handler), photoTooLarge };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      throw data({ code: 413, message: MESSAGES.photoTooLarge, name: "TooLarge" }, { status: 413 });
    // A body cut short (no closing boundary, a dropped connection) is the sender's problem.
    throw routeError(400, FORM_INCOMPLETE, "MalformedFormError");
  }
}

function answerProblem(problem: ItemFormProblem, state: ItemFormState, extra: FieldErrors = {}) {
  return data<ProductActionData>(
    { status: "invalid", message: problem.message, errors: { ...problem.errors, ...extra }, state },
    { status: 422 },
  );
}

export const action = withRouteErrors(async (args: ActionFunctionArgs) => {
  const shopper = await getShopperState(args);
  // Another site's post is refused before its body is read.
  requireSameOrigin(args.request);
  const { form, photoTooLarge } = await readPost(args.request);
  await requireCsrf(args.request, shopper.session, form);
  // The favorite star posts here too; favorites need a signed-in shopper, and there is no sign-in yet.
  if (form.get("intent") === "favorite") return data({ favorite: null }, { status: 403 });

  const { api, department, product } = await loadProduct(args);
  await dropOrderOfOtherDepartment(args, department.id, api);
  const href = productPath(department.store_id, department.id, product.id);

  const itemField = form.get(FIELD.item);
  const edited = await findEditedItem(
    args,
    product.id,
    typeof itemField === "string" && itemField ? itemField : null,
  );
  if (edited.requested && !edited.item)
    throw await redirectWithCookies(args.context, href, { status: 303 });

  const view = toProductView(product, edited.item);
  const rules = productRules(view);
  const state = readItemForm(form, rules);
  // 'Preview Message' without scripts: nothing is added; the form comes back as sent, previewed.
  if (form.get(FIELD.intent) === PREVIEW_INTENT)
    return data<ProductActionData>({ status: "preview", state });
  const photoEntry = view.acceptsCustomerPhoto ? form.get(FIELD.photo) : null;
  const photo = photoEntry instanceof File && photoEntry.size > 0 ? photoEntry : null;

  // Everything the storefront can check, before any API call.
  const checked = checkItemForm(state, rules, quantityRules(view));
  const photoErrors =
    view.acceptsCustomerPhoto && photoTooLarge
      ? { [FIELD.photo]: MESSAGES.photoTooLarge }
      : checkPhoto(photo, state.photoConsent);
  if (checked.problem) return answerProblem(checked.problem, state, photoErrors);
  if (Object.keys(photoErrors).length) {
    return answerProblem(
      { message: Object.values(photoErrors)[0] ?? MESSAGES.correctFields, errors: photoErrors },
      state,
    );
  }

  const input = {
    product_id: product.id,
    quantity: checked.item.quantity,
    preferences: checked.item.preferences,
    notes: view.acceptsSpecialInstructions ? checked.item.notes : null,
    add_source: "default" as const,
  };

  try {
    if (edited.item) {
      // The photo first: if it is refused, the item stays as it was.
      if (photo) {
        const refused = await upload(api, edited.item.id, photo);
        if (refused) return answerProblem(refused, state);
      }
      await api.updateItem(edited.item.id, input);
      return redirectWithCookies(args.context, "/cart", { status: 303 });
    }

    // Spec §4: the order is created on the first add to cart.
    const order = (await loadWorkingOrder(args)) ?? (await api.createOrder(department.id));
    await rememberOrder(args, order.id);
    const item = await api.addItem(order.id, input);
    if (photo) {
      const refused = await upload(api, item.id, photo);
      if (refused) {
        // Nothing half-saved: the item goes again, and the shopper sees why with every entry kept.
        const after = await api.deleteItem(item.id).catch((error: unknown) => {
          logError("Could not remove an item whose photo was refused", {
            itemId: item.id,
            ...describeError(error),
          });
          return null;
        });
        if (after && !isIncomplete(after)) forgetOrder(shopper.session);
        return answerProblem(refused, state);
      }
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status !== 422)
      logWarning("Add to cart failed", { productId: product.id, ...describeError(error) });
    return answerProblem(addToCartProblem(error.status, error.message, error.errors), state);
  }

  if (form.get(FIELD.enhanced) === "1") {
    // The page's scripts show the 'Item Added' notice and start a fresh form.
    return data<ProductActionData>({ status: "added", at: Date.now() });
  }
  addFlashMessage(shopper.session, { kind: "success", text: "Item Added" });
  // The page comes back with the lasting confirmation, and the browser lands on it (#added).
  shopper.session.flash("addedProduct", product.id);
  return redirectWithCookies(args.context, `${href}#${ADDED_TO_CART_ID}`, { status: 303 });
});

/** Sends the photo; answers the problem to show when the API refuses it, else null. */
async function upload(
  api: StorefrontApi,
  itemId: number,
  photo: File,
): Promise<ItemFormProblem | null> {
  try {
    await api.uploadItemImage(itemId, photo, photo.name || "photo");
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status !== 422)
      logWarning("Photo upload failed", { itemId, ...describeError(error) });
    return photoUploadProblem(error.status, error.errors);
  }
}

// --- The page -----------------------------------------------------------------------------------

type LoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data: page, error, matches }) => {
  if (error) {
    const failure = readRouteError(error);
    return titleMeta(
      matches,
      failure.code === 404
        ? PRODUCT_ERROR_TITLE
        : errorPageContent(failure.code, failure.message).title,
    );
  }
  if (page && "quickView" in page) {
    return titleMeta(
      matches,
      page.quickView === "not-found" ? PRODUCT_ERROR_TITLE : errorPageContent(page.code).title,
    );
  }
  const product = page?.product;
  // Spec §2: the page title is brand plus name.
  return titleMeta(
    matches,
    product ? [product.brand, product.name].filter(Boolean).join(" ") : undefined,
  );
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (match) => {
    const page = match.data as LoaderData | undefined;
    return page && "product" in page ? { label: page.product.name, to: page.productHref } : null;
  },
};

/** Opening or closing the nutrition dialog changes only `?dialog=`: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(DIALOG_PARAM);
    params.sort();
    return `${url.pathname}?${params.toString()}`;
  };
  if (strip(currentUrl) === strip(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default function ProductRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ProductActionData | undefined;
  // The quick view's read, opened as a page: the same views as the page's own errors.
  if ("quickView" in page) {
    return page.quickView === "not-found" ? (
      <ProductError department={page.department} />
    ) : (
      <ErrorPage code={page.code} message={page.message} />
    );
  }
  // Another product, or another cart item: a fresh page state.
  return (
    <ProductPage
      key={`${page.productHref}:${page.editing?.itemId ?? ""}`}
      page={page}
      actionData={actionData}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error)
    ? (error.data as { name?: unknown; department?: unknown })
    : null;
  if (body?.name === "ProductNotFound" && body.department) {
    return <ProductError department={body.department as DepartmentLink} />;
  }
  const { code, message } = readRouteError(error);
  return <ErrorPage code={code} message={message} />;
}
