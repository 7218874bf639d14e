/** The API's answers as the storefront's fake APIs serve them (docs/api.md shapes). */

/** A department without its includes: no sign-in, no online payment, no delivery. */
export function departmentJson(id: number, storeId: number, changes: Record<string, unknown> = {}) {
  return {
    id,
    store_id: storeId,
    name: "Grocery",
    weight: 1,
    list_style: "image-centric",
    image_url: null,
    description: null,
    show_sodium_warnings: false,
    show_nutritional_info: false,
    payment_gateway_enabled: false,
    remote_orders_require_online_payment: false,
    remote_orders_require_authentication: false,
    delivery_enabled: false,
    delivery_time: 0,
    delivery_type: null,
    store_delivery_customer_instructions: null,
    delivery_amount: 0,
    lead_time: 0,
    lead_time_limits: { min: 0, max: 43200 },
    pickup_interval: 30,
    order_sources_with_coupon_code: [],
    catalog: null,
    ...changes,
  };
}
