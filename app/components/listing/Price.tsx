import { formatMoney } from "@core/rules/money";
import { formatUnit } from "@core/rules/units";

interface PriceProps {
  /** Cents the shopper pays per unit. */
  price: number;
  /** The regular price when a sale price applies, else null. */
  regularPrice: number | null;
  /** unit_of_measure ('pound', 'each'…). */
  unit: string;
  className?: string;
}

/**
 * '$8.99 / lb'; on sale the sale price, then the regular one struck through. Screen readers hear
 * 'Sale price $7.49 per lb, regular price $8.99' (a strike-through alone is not announced).
 */
export function Price({ price, regularPrice, unit, className }: PriceProps) {
  const onSale = regularPrice !== null;
  return (
    <p className={["price", onSale ? "price--sale" : null, className].filter(Boolean).join(" ")}>
      {onSale ? <span className="visually-hidden">Sale price </span> : null}
      <span className="price__amount">{formatMoney(price)}</span>
      <span className="price__unit">
        <span aria-hidden="true"> / </span>
        <span className="visually-hidden"> per </span>
        {formatUnit(unit)}
      </span>
      {onSale ? (
        <s className="price__regular">
          <span className="visually-hidden">, regular price </span>
          {formatMoney(regularPrice)}
        </s>
      ) : null}
    </p>
  );
}
