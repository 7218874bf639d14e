import { useEffect, useState } from "react";

/** How long the notice stays (spec §9: success notice 1100 ms). */
const ITEM_ADDED_MS = 1100;

/**
 * 'Item Added', shown briefly after an add with scripts (without them the same words come as a
 * flash message on the next page). The status region is always there so screen readers hear it.
 */
export function ItemAddedNotice({ at }: { at: number | null }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (at === null) return;
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), ITEM_ADDED_MS);
    return () => clearTimeout(timer);
  }, [at]);
  return (
    <div role="status" className="item-added-region">
      {visible ? (
        <p className="item-added">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Item Added
        </p>
      ) : null}
    </div>
  );
}
