/**
 * The API's error codes: a closed list, sent as `code` in every error body beside the unchanged
 * `status` and `message`. Clients tell refusals apart by code, never by reading the message.
 */
import { z } from "zod";

export const API_ERROR_CODES = [
  // Generic, one per status.
  "bad_request",
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "invalid",
  "rate_limited",
  "server_error",
  "database_unavailable",
  "brand_unavailable",
  // Items (spec §8 "Add to cart").
  "product_unavailable_in_department",
  "quantity_unavailable",
  "quantity_not_offered",
  "required_choices_missing",
  // Customer photos.
  "photo_not_accepted",
  "photo_missing",
  "photo_not_an_image",
  "photo_too_large",
  "upload_malformed",
  // Orders, checkout and placement.
  "order_not_editable",
  "order_not_cancelable",
  "duplicate_order",
  "pickup_time_unavailable",
  "order_not_ready",
  "out_of_stock",
  "category_not_in_department",
  // A substitution choice per item (decision 029): the product is not one offered for the item,
  // or the order does not allow substitutions.
  "substitute_not_offered",
  "substitutions_off",
  // Past orders (decision 017): the store has started it, or nothing of it can be ordered again.
  "order_not_retractable",
  "reorder_unavailable",
  // Promotions and coupons.
  "promotion_code_required",
  "promotion_refused",
  "promotion_removed",
  "coupon_already_loaded",
  "coupon_offer_invalid",
  // Delivery (decision 022): the department, an item or a guest cannot have it; the address fails
  // the form's rules or the delivery service's; placing with a payload but no delivery set; the
  // delivery service cannot be reached or is not set up.
  "delivery_not_allowed",
  "delivery_sign_in_required",
  "delivery_address_invalid",
  "delivery_not_set",
  "delivery_unavailable",
  // Online card payment (decision 021).
  "online_payment_unavailable",
  "online_payment_required",
  "card_authorization_insufficient",
  "card_authorization_changed",
  "payment_gateway_unreachable",
  "payment_gateway_refused",
  "payment_gateway_unavailable",
  "payment_webhook_signature_invalid",
  // Single sign-on (decision 016).
  "sso_unavailable",
  "sso_unreachable",
  "sso_state_invalid",
  "sso_code_rejected",
  "sso_key_bound_to_other_user",
  // The store's side of an order (issue 30, decision 042): not an associate of this store; a
  // status the order cannot move to from where it is.
  "store_associate_required",
  "order_status_refused",
] as const;

export const ApiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof ApiErrorCodeSchema>;

/** Named access to the codes (`API_ERROR.outOfStock` reads better than a string literal). */
export const API_ERROR = {
  badRequest: "bad_request",
  unauthenticated: "unauthenticated",
  forbidden: "forbidden",
  notFound: "not_found",
  methodNotAllowed: "method_not_allowed",
  payloadTooLarge: "payload_too_large",
  invalid: "invalid",
  rateLimited: "rate_limited",
  serverError: "server_error",
  databaseUnavailable: "database_unavailable",
  brandUnavailable: "brand_unavailable",
  productUnavailableInDepartment: "product_unavailable_in_department",
  quantityUnavailable: "quantity_unavailable",
  quantityNotOffered: "quantity_not_offered",
  requiredChoicesMissing: "required_choices_missing",
  photoNotAccepted: "photo_not_accepted",
  photoMissing: "photo_missing",
  photoNotAnImage: "photo_not_an_image",
  photoTooLarge: "photo_too_large",
  uploadMalformed: "upload_malformed",
  orderNotEditable: "order_not_editable",
  orderNotCancelable: "order_not_cancelable",
  duplicateOrder: "duplicate_order",
  pickupTimeUnavailable: "pickup_time_unavailable",
  orderNotReady: "order_not_ready",
  outOfStock: "out_of_stock",
  categoryNotInDepartment: "category_not_in_department",
  substituteNotOffered: "substitute_not_offered",
  substitutionsOff: "substitutions_off",
  orderNotRetractable: "order_not_retractable",
  reorderUnavailable: "reorder_unavailable",
  promotionCodeRequired: "promotion_code_required",
  promotionRefused: "promotion_refused",
  promotionRemoved: "promotion_removed",
  couponAlreadyLoaded: "coupon_already_loaded",
  couponOfferInvalid: "coupon_offer_invalid",
  deliveryNotAllowed: "delivery_not_allowed",
  deliverySignInRequired: "delivery_sign_in_required",
  deliveryAddressInvalid: "delivery_address_invalid",
  deliveryNotSet: "delivery_not_set",
  deliveryUnavailable: "delivery_unavailable",
  onlinePaymentUnavailable: "online_payment_unavailable",
  onlinePaymentRequired: "online_payment_required",
  cardAuthorizationInsufficient: "card_authorization_insufficient",
  cardAuthorizationChanged: "card_authorization_changed",
  paymentGatewayUnreachable: "payment_gateway_unreachable",
  paymentGatewayRefused: "payment_gateway_refused",
  paymentGatewayUnavailable: "payment_gateway_unavailable",
  paymentWebhookSignatureInvalid: "payment_webhook_signature_invalid",
  ssoUnavailable: "sso_unavailable",
  ssoUnreachable: "sso_unreachable",
  ssoStateInvalid: "sso_state_invalid",
  ssoCodeRejected: "sso_code_rejected",
  ssoKeyBoundToOtherUser: "sso_key_bound_to_other_user",
  storeAssociateRequired: "store_associate_required",
  orderStatusRefused: "order_status_refused",
} as const satisfies Record<string, ApiErrorCode>;

/** The code of an error that has no more precise one: the status alone says what went wrong. */
export function codeForStatus(status: number): ApiErrorCode {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 413:
      return "payload_too_large";
    case 422:
      return "invalid";
    case 429:
      return "rate_limited";
    case 503:
      return "database_unavailable";
    default:
      return status >= 500 ? "server_error" : "bad_request";
  }
}

/** `{ field: [messages] }`: `generic` for what belongs to no field; dotted paths for nesting. */
const FieldErrorsSchema = z.record(z.array(z.string()));
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/** Every error the API answers, whatever its status. */
export const ApiErrorBodySchema = z.object({
  status: z.number().int(),
  code: ApiErrorCodeSchema,
  message: z.string(),
  errors: FieldErrorsSchema.optional(),
  /** Present on a 500 and a 503: the id of the log line. */
  request_id: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
