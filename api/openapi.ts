/**
 * The OpenAPI 3.1 description served at GET /api/1/openapi.json, generated from the call table
 * (core/contract/calls.ts): every call the API mounts, with its parameters, body and answers,
 * including the error body and the codes each call may refuse with. docs/api.md's reference is
 * written from the same table (npm run docs:api).
 */
import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { CALL_LIST, pathParamNames, type CallEntry } from "@core/contract/calls";
import { ApiErrorBodySchema, type ApiErrorCode } from "@core/contract/errors";
import { pathIdParam } from "@core/contract/params";
import { z, type AnyZodObject, type ZodTypeAny } from "zod";

// Lets a schema carry OpenAPI names and formats (`.openapi()`); it changes nothing else in zod.
extendZodWithOpenApi(z);

/** The table's calls, in its order (docs/api.md lists them so). */
export const API_CALLS = CALL_LIST;

/** A call is public when it takes no API key. */
export const isPublic = (call: CallEntry) => call.kind === "keyless";

/** The path parameters in the path's order: each id a positive integer, the others as given. */
function pathParams(call: CallEntry): AnyZodObject | undefined {
  const names = pathParamNames(call.path);
  if (!names.length) return undefined;
  const shape = call.params?.shape as Record<string, ZodTypeAny> | undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => [name, call.ids?.[name] ? pathIdParam : (shape?.[name] ?? z.string())]),
    ),
  );
}

/** A multipart body's fields are files. */
const bodySchema = (call: CallEntry): ZodTypeAny | undefined =>
  call.multipart && call.body
    ? z.object(
        Object.fromEntries(
          Object.keys((call.body as AnyZodObject).shape).map((name) => [
            name,
            z.string().openapi({ format: "binary" }),
          ]),
        ),
      )
    : call.body;

const STATUS_TEXT: Record<number, string> = {
  400: "Refused",
  401: "Missing or unknown API key",
  403: "Not allowed for this order as it is",
  404: "Unknown id, or a resource the caller does not own",
  409: "The store has started on the order, or it is past that step (or it changed meanwhile)",
  422: "Invalid parameters or body, with errors per field",
  502: "A partner service (identity provider, payment gateway, delivery service) could not be reached, refused the call, or is not set up",
  503: "No identity provider or payment gateway is set up",
};

/** The answers of a call: its success, then each refusal with the codes it may carry. */
function responsesOf(call: CallEntry, errorBody: ZodTypeAny): RouteConfig["responses"] {
  const errorContent = { "application/json": { schema: errorBody } };
  const responses: RouteConfig["responses"] = {
    [call.answer.status]: {
      description: call.answer.description,
      ...(call.answer.schema
        ? { content: { "application/json": { schema: call.answer.schema } } }
        : {}),
    },
  };
  const refusals: Partial<Record<number, readonly ApiErrorCode[]>> = {
    ...(isPublic(call) ? {} : { 401: ["unauthenticated"] }),
    ...call.refusals,
  };
  for (const [status, codes] of Object.entries(refusals)) {
    responses[status] = {
      description: `${STATUS_TEXT[Number(status)]}; code: ${codes!.map((c) => `\`${c}\``).join(", ")}`,
      content: errorContent,
    };
  }
  return responses;
}

function buildDocument() {
  const registry = new OpenAPIRegistry();
  // The registered copy carries its name, so every error answer refers to one component.
  const errorBody = registry.register("ApiError", ApiErrorBodySchema);
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
  });
  for (const call of API_CALLS) {
    const params = pathParams(call);
    const query = call.documentedQuery ?? call.query;
    const body = bodySchema(call);
    registry.registerPath({
      method: call.method,
      path: call.path,
      summary: call.summary,
      ...(isPublic(call) ? { security: [] } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(query ? { query: query as AnyZodObject } : {}),
        ...(call.headers ? { headers: call.headers } : {}),
        ...(body
          ? {
              body: {
                required: true,
                content: {
                  [call.multipart ? "multipart/form-data" : "application/json"]: {
                    schema: body,
                  },
                },
              },
            }
          : {}),
      },
      responses: responsesOf(call, errorBody),
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Order Express API",
      version: "1",
      description:
        "Generated from core/contract/. Every error body is { status, code, message, errors? }.",
    },
    servers: [{ url: "/api/1" }],
    security: [{ [bearer.name]: [] }],
  });
}

export const openApiDocument = buildDocument();
