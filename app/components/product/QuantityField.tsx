import { quantityValue } from "~/lib/item-form";
import { isFractional, sameQuantity, type QuantityRules } from "@core/rules/quantity-options";
import { formatMoney } from "@core/rules/money";
import { formatQuantityWithUnit, formatUnit } from "@core/rules/units";
import { Field } from "~/components/forms/Field";

interface QuantityFieldProps {
  options: number[];
  rules: QuantityRules;
  /** What each quantity costs (cents), shown beside it: '1 lb — $8.99'. */
  priceOf: (quantity: number) => number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The quantity select (spec §5, §9): the options on offer, weights as '1 1/4 lbs', each with its
 * price, so a shopper without JavaScript (whose price bar shows the price as the page was sent)
 * sees what the quantity they pick costs.
 */
export function QuantityField({
  options,
  rules,
  priceOf,
  value,
  error,
  onChange,
}: QuantityFieldProps) {
  const asked = Number(value);
  const selected = value === "" ? undefined : options.find((q) => sameQuantity(q, asked));
  const hint = isFractional(rules)
    ? `Sold by the ${rules.unit_of_measure}; the price is for the weight you choose.`
    : null;
  return (
    <Field id="item-quantity" label="Quantity" hint={hint} error={error} className="quantity-field">
      {(control) => (
        <select
          {...control}
          name="quantity"
          className="input select"
          value={selected === undefined ? "" : quantityValue(selected)}
          onChange={(event) => onChange(event.target.value)}
        >
          {selected === undefined ? (
            <option value="">Choose a quantity ({formatUnit(rules.unit_of_measure, 2)})</option>
          ) : null}
          {options.map((q) => (
            <option key={q} value={quantityValue(q)}>
              {`${formatQuantityWithUnit(q, rules.unit_of_measure)} \u2014 ${formatMoney(priceOf(q))}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
