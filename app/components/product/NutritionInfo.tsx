import { useLocation, useSearchParams } from "@remix-run/react";
import { DialogCloseLink, DialogOpenLink, ModalDialog } from "~/components/Dialog";
import { DIALOG_PARAM, dialogCloseHref, dialogOpenHref } from "~/lib/dialog-url";
import type { NutritionView } from "./types";

const NUTRITION_DIALOG = "nutrition-facts";
const NUTRITION_UNAVAILABLE = "Nutrition facts for this product are currently unavailable.";
const CALORIE_NOTE =
  "2,000 calories a day is used for general nutrition advice, but calorie needs vary.";

interface NutritionInfoProps {
  nutrition: NutritionView;
  /** The item's calories with the current choices; null hides them (zero or less, spec §5). */
  calories: number | null;
}

/**
 * Calories, the sodium warning and the 'Nutrition Facts' panel, as the department shows them.
 * The panel is a dialog with a URL (`?dialog=nutrition-facts`), so it opens without scripts too.
 */
export function NutritionInfo({ nutrition, calories }: NutritionInfoProps) {
  const { pathname, search } = useLocation();
  const [searchParams] = useSearchParams();
  if (nutrition.status === "unavailable") {
    return <p className="nutrition nutrition--unavailable">{NUTRITION_UNAVAILABLE}</p>;
  }
  const closeHref = dialogCloseHref(pathname, search);
  const sodium = nutrition.sodiumWarningHeader || nutrition.sodiumWarningFooter;
  return (
    <div className="nutrition">
      {nutrition.showCalories ? (
        <div className="nutrition__calories">
          {calories !== null ? (
            <p className="nutrition__count" aria-live="polite">
              <strong>{calories.toLocaleString("en-US")} Calories</strong>
              {nutrition.servingSize ? <span> per {nutrition.servingSize}</span> : null}
            </p>
          ) : null}
          {nutrition.panel ? (
            <DialogOpenLink
              dialogId={NUTRITION_DIALOG}
              to={dialogOpenHref(pathname, search, NUTRITION_DIALOG)}
              className="nutrition__link"
            >
              Nutrition Facts
            </DialogOpenLink>
          ) : (
            // No panel for this product, or it could not be read (spec §8).
            <p className="nutrition--unavailable">{NUTRITION_UNAVAILABLE}</p>
          )}
          {calories !== null ? <p className="nutrition__note">{CALORIE_NOTE}</p> : null}
        </div>
      ) : null}
      {sodium ? (
        <div className="sodium-warning">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path d="M12 2 2 21h20z" fill="#111" />
            <text x="12" y="18" textAnchor="middle" fontSize="10" fontWeight="700" fill="#fff">
              !
            </text>
          </svg>
          <div>
            {nutrition.sodiumWarningHeader ? (
              <p className="sodium-warning__title">{nutrition.sodiumWarningHeader}</p>
            ) : null}
            {nutrition.sodiumWarningFooter ? <p>{nutrition.sodiumWarningFooter}</p> : null}
          </div>
        </div>
      ) : null}
      {nutrition.showCalories && nutrition.panel ? (
        <ModalDialog
          id={NUTRITION_DIALOG}
          title="Nutrition Facts"
          requested={searchParams.get(DIALOG_PARAM) === NUTRITION_DIALOG}
          closeHref={closeHref}
        >
          <table className="nutrition-facts">
            <caption className="visually-hidden">{nutrition.panel.caption}</caption>
            <tbody>
              {nutrition.panel.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="dialog__actions">
            <DialogCloseLink
              dialogId={NUTRITION_DIALOG}
              to={closeHref}
              className="button button--secondary"
              data-autofocus
            >
              Close
            </DialogCloseLink>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
