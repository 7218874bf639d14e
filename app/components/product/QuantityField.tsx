import { quantityValue } from "~/lib/item-form";
import { isFractional, sameQuantity, type QuantityRules } from "@core/rules/quantity-options";
import { formatQuantityWithUnit, formatUnit } from "@core/rules/units";
import { describedBy, FieldError } from "./ErrorSummary";

interface QuantityFieldProps {
  options: number[];
  rules: QuantityRules;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The quantity select (spec §5, §9): the options on offer, weights as '1 1/4 lbs'. */
export function QuantityField({ options, rules, value, error, onChange }: QuantityFieldProps) {
  const asked = Number(value);
  const selected = value === "" ? undefined : options.find((q) => sameQuantity(q, asked));
  const hintId = isFractional(rules) ? "item-quantity-hint" : null;
  return (
    <div className="field quantity-field">
      <label htmlFor="item-quantity">Quantity</label>
      {hintId ? (
        <p className="field__hint" id={hintId}>
          Sold by the {rules.unit_of_measure}; the price is for the weight you choose.
        </p>
      ) : null}
      <FieldError id="item-quantity-error" message={error} />
      <select
        id="item-quantity"
        name="quantity"
        className="input select"
        value={selected === undefined ? "" : quantityValue(selected)}
        aria-describedby={describedBy(hintId, error && "item-quantity-error")}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {selected === undefined ? (
          <option value="">Choose a quantity ({formatUnit(rules.unit_of_measure, 2)})</option>
        ) : null}
        {options.map((q) => (
          <option key={q} value={quantityValue(q)}>
            {formatQuantityWithUnit(q, rules.unit_of_measure)}
          </option>
        ))}
      </select>
    </div>
  );
}
