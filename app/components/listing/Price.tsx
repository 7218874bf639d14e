import type { ClubShelfPrice } from "@core/rules/club";
import { CLUB_SAVINGS_LABEL, formatMoney, formatSaving } from "@core/rules/money";
import { formatUnit } from "@core/rules/units";

/** The club's name on its price, as the store's shelf tags say it. */
const CLUB_PRICE_LABEL = "Price Plus Club price";

interface PriceProps {
  /** Cents the shopper pays per unit. */
  price: number;
  /** The regular price when a sale price applies, else null. */
  regularPrice: number | null;
  /** unit_of_measure ('pound', 'each'…). */
  unit: string;
  /** A signed-in club member's price of one unit; null (everyone else) shows no club tag. */
  club?: ClubShelfPrice | null;
  className?: string;
}

/** ' / lb', read as ' per lb'. */
function PerUnit({ unit }: { unit: string }) {
  return (
    <span className="price__unit">
      <span aria-hidden="true"> / </span>
      <span className="visually-hidden"> per </span>
      {formatUnit(unit)}
    </span>
  );
}

/**
 * '$8.99 / lb'; on sale the sale price, then the regular one struck through. Screen readers hear
 * 'Sale price $7.49 per lb, regular price $8.99' (a strike-through alone is not announced). A club
 * member also gets the shelf's club tag below it: 'Price Plus Club price $6.99 / lb' and the
 * saving in the cart's words, 'Price Plus Club savings −$1.00'.
 */
export function Price({ price, regularPrice, unit, club = null, className }: PriceProps) {
  const onSale = regularPrice !== null;
  const shelf = (
    <p
      className={["price", onSale ? "price--sale" : null, club ? null : className]
        .filter(Boolean)
        .join(" ")}
    >
      {onSale ? <span className="visually-hidden">Sale price </span> : null}
      <span className="price__amount">{formatMoney(price)}</span>
      <PerUnit unit={unit} />
      {onSale ? (
        <s className="price__regular">
          <span className="visually-hidden">, regular price </span>
          {formatMoney(regularPrice)}
        </s>
      ) : null}
    </p>
  );
  if (!club) return shelf;
  return (
    <div className={["price-group", className].filter(Boolean).join(" ")}>
      {shelf}
      <div className="club-price">
        <p className="club-price__line">
          <span className="club-price__name">{CLUB_PRICE_LABEL}</span>{" "}
          <span className="club-price__amount">{formatMoney(club.price)}</span>
          <PerUnit unit={unit} />
        </p>
        <p className="club-price__saving">
          {CLUB_SAVINGS_LABEL}{" "}
          <span className="club-price__saving-amount">{formatSaving(club.saving)}</span>
        </p>
      </div>
    </div>
  );
}
