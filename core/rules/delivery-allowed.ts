/**
 * Delivery allowed (spec §5): only when the order-system integration is on, online payment is
 * allowed, the department delivers, and every item's product is deliverable (a product whose flag
 * is not given counts as deliverable). The storefront asks it to offer delivery and to guard the
 * delivery pages; the API asks its two halves (it is the order system) before it validates or
 * saves a delivery, and then checks what only it knows: who is signed in, which delivery service
 * the department names and whether this deployment has it.
 */

/** A delivery refused by the rule (the delivery pages' guard and the API's refusals). */
export const DELIVERY_NOT_ALLOWED = "This department does not allow order delivery.";

/** The department flags the rule reads (a subset of the API's department). */
export interface DeliveryDepartment {
  delivery_enabled: boolean;
  payment_gateway_enabled: boolean;
}

/** A product in the order; a missing or null flag counts as deliverable. */
export interface DeliverableProduct {
  deliverable?: boolean | null;
}

/** The department delivers and takes payment online (a delivery is always paid online). */
export const departmentDelivers = (department: DeliveryDepartment): boolean =>
  department.delivery_enabled && department.payment_gateway_enabled;

/** Every product can be delivered: one that cannot rules delivery out; unspecified counts as yes. */
export const productsDeliverable = (
  products: readonly (DeliverableProduct | null | undefined)[],
): boolean => products.every((product) => product?.deliverable !== false);

/** The whole rule: the integration, a department that delivers, every product deliverable. */
export function deliveryAllowed(
  orderSystem: boolean,
  department: DeliveryDepartment | null,
  products: readonly (DeliverableProduct | null | undefined)[],
): boolean {
  return (
    orderSystem &&
    department !== null &&
    departmentDelivers(department) &&
    productsDeliverable(products)
  );
}
