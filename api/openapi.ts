/**
 * The OpenAPI 3.1 description served at GET /api/1/openapi.json. Resource fields are described in
 * docs/api.md; this document lists every call, its parameters and its answers.
 */
type Param = {
  name: string;
  in: "query" | "path";
  required?: boolean;
  description: string;
  array?: boolean;
};

const id = (what: string): Param => ({
  name: "id",
  in: "path",
  required: true,
  description: `${what} id`,
});
const include = (names: string[]): Param => ({
  name: "include",
  in: "query",
  description: `Comma-separated relations: ${names.join(", ")}`,
});
const departmentId: Param = {
  name: "department_id",
  in: "query",
  required: true,
  description: "department id",
};

const calls: {
  method: "get" | "post" | "put";
  path: string;
  summary: string;
  params?: Param[];
  body?: string;
  auth?: false;
}[] = [
  {
    method: "post",
    path: "/keys",
    summary: "Register a device; answers { data: { apikey, uuid } } (201)",
    body: "{ uuid?, device{ brand, platform, model, version, app_type, app_version } }",
    auth: false,
  },
  { method: "get", path: "/brand", summary: "The brand" },
  {
    method: "get",
    path: "/home-store",
    summary: "The device's home store id, else the brand's default",
  },
  {
    method: "put",
    path: "/home-store",
    summary: "Remember the device's home store",
    body: "{ id }",
  },
  { method: "get", path: "/geolocate", summary: "Approximate position of the caller" },
  {
    method: "get",
    path: "/stores",
    summary: "Stores, nearest first when a position is given",
    params: [
      { name: "latitude", in: "query", description: "with longitude" },
      { name: "longitude", in: "query", description: "with latitude" },
      { name: "limit", in: "query", description: "1–1000, default 1000" },
      include(["brand", "departments", "pseudoDepartments"]),
    ],
  },
  {
    method: "get",
    path: "/stores/{id}",
    summary: "A store",
    params: [id("store"), include(["brand", "departments", "pseudoDepartments"])],
  },
  {
    method: "get",
    path: "/departments/{id}",
    summary: "A department",
    params: [
      id("department"),
      include([
        "categories",
        "categories.children",
        "pickup_locations",
        "featured_product",
        "store",
      ]),
    ],
  },
  {
    method: "get",
    path: "/categories/{id}",
    summary: "A category",
    params: [id("category"), include(["children", "products", "products.images", "department"])],
  },
  {
    method: "get",
    path: "/products",
    summary: "Search a department's products",
    params: [
      departmentId,
      {
        name: "fragment",
        in: "query",
        description: "words to match (stems, typos forgiven, last word as prefix)",
      },
      { name: "category_id", in: "query", description: "a category of the department" },
      { name: "brands[]", in: "query", description: "brands to keep", array: true },
      { name: "specials", in: "query", description: "1: only products on sale" },
      { name: "favorites", in: "query", description: "1: only the signed-in shopper's favorites" },
      { name: "sort", in: "query", description: "relevance | popular | brand | price | specials" },
      { name: "limit", in: "query", description: "1–50, default 50" },
      { name: "page", in: "query", description: "from 1" },
    ],
  },
  {
    method: "get",
    path: "/products/{id}",
    summary: "A product priced for a department",
    params: [
      id("product"),
      departmentId,
      include([
        "images",
        "facets",
        "facets.choices",
        "bundle",
        "bundle.members",
        "bundle.members.product",
        "suggestions",
      ]),
    ],
  },
  {
    method: "get",
    path: "/products/{id}/builder",
    summary: "Builder preview layers",
    params: [id("product"), departmentId],
  },
  {
    method: "get",
    path: "/products/{id}/nutrition",
    summary: "Nutrition summary and panel URL",
    params: [id("product"), departmentId],
  },
  {
    method: "get",
    path: "/catalogs",
    summary: "Running catalogs of a department",
    params: [{ name: "department", in: "query", required: true, description: "department id" }],
  },
  {
    method: "get",
    path: "/catalogs/{id}",
    summary: "A catalog",
    params: [id("catalog"), include(["pages"])],
  },
  {
    method: "get",
    path: "/pages/{id}",
    summary: "A catalog page",
    params: [id("page"), include(["hitboxes", "store"])],
  },
  {
    method: "get",
    path: "/alerts",
    summary: "Current alerts of a store",
    params: [
      { name: "store_id", in: "query", required: true, description: "store id" },
      { name: "exclude[]", in: "query", description: "alert ids already seen", array: true },
    ],
  },
];

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

export const openApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Order Express API",
    version: "1",
    description: "See docs/api.md for resource fields.",
  },
  servers: [{ url: "/api/1" }],
  components: {
    securitySchemes: { apiKey: { type: "http", scheme: "bearer" } },
    schemas: {
      Error: {
        type: "object",
        required: ["status", "message"],
        properties: {
          status: { type: "integer" },
          message: { type: "string" },
          errors: {
            type: "object",
            additionalProperties: { type: "array", items: { type: "string" } },
          },
        },
      },
    },
  },
  security: [{ apiKey: [] }],
  paths: Object.fromEntries(
    Object.entries(
      calls.reduce<Record<string, Record<string, unknown>>>((paths, call) => {
        const responses: Record<string, unknown> = {
          [call.method === "post" ? "201" : "200"]: {
            description: "OK: { data } or { data: [], meta }",
          },
          "422": errorResponse("Invalid parameters, with errors per field"),
        };
        if (call.auth !== false) responses["401"] = errorResponse("Missing or unknown API key");
        if (call.path.includes("{id}")) responses["404"] = errorResponse("Unknown id");
        (paths[call.path] ??= {})[call.method] = {
          summary: call.summary,
          ...(call.auth === false ? { security: [] } : {}),
          parameters: (call.params ?? []).map((p) => ({
            name: p.name,
            in: p.in,
            required: p.required ?? p.in === "path",
            description: p.description,
            schema: p.array ? { type: "array", items: { type: "string" } } : { type: "string" },
          })),
          ...(call.body
            ? {
                requestBody: {
                  description: call.body,
                  content: { "application/json": { schema: { type: "object" } } },
                },
              }
            : {}),
          responses,
        };
        return paths;
      }, {}),
    ),
  ),
};
