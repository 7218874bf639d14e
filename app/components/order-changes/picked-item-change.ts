/**
 * What the store did with an item as it picked it (issue 30), in the shopper's terms: weighed (or
 * picked fewer), substituted with another product, or unavailable and removed. Pure: a function
 * of the API's item; the pages' loaders call it, the components only render its answer.
 */
import type { OrderItem } from "~/.server/api";
import { formatUnit, isSoldByWeight } from "@core/rules/units";

export type PickedItemChange =
  /** Sold by weight: the quantity ordered and the scale's reading. */
  | { kind: "weighed"; ordered: string; given: string }
  /** Sold by the each, fewer given than ordered. */
  | { kind: "fewer"; ordered: string; given: string }
  /** Another product given in its place: the ordered product's name, and the given one's. */
  | { kind: "substituted"; ordered: string; given: string }
  | { kind: "unavailable" };

/** A quantity as a scale or a count gives it: decimals, not fractions ('1.08 lbs', '2 ea'). */
export function scaleQuantity(quantity: number, unitOfMeasure: string): string {
  return `${Number(quantity.toFixed(2))} ${formatUnit(unitOfMeasure, quantity)}`;
}

/** The change the store made to the item; null when not picked yet or picked as ordered. */
export function pickedItemChange(
  item: Pick<OrderItem, "quantity" | "pick_status" | "picked_quantity" | "picked_product_name">,
  name: string,
  unitOfMeasure: string,
): PickedItemChange | null {
  const given = item.picked_quantity ?? item.quantity;
  switch (item.pick_status) {
    case "unavailable":
      return { kind: "unavailable" };
    case "substituted":
      return {
        kind: "substituted",
        ordered: name,
        given: item.picked_product_name ?? "another product",
      };
    case "picked":
      if (isSoldByWeight(unitOfMeasure))
        return {
          kind: "weighed",
          ordered: scaleQuantity(item.quantity, unitOfMeasure),
          given: scaleQuantity(given, unitOfMeasure),
        };
      return given < item.quantity
        ? {
            kind: "fewer",
            ordered: scaleQuantity(item.quantity, unitOfMeasure),
            given: scaleQuantity(given, unitOfMeasure),
          }
        : null;
    default:
      return null;
  }
}
