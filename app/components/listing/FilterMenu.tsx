import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/useHydrated";
import {
  activeFilterCount,
  brandChoices,
  BRANDS_PARAM,
  clearedFilters,
  FAVORITES_PARAM,
  listingHref,
  parseListingQuery,
  QUERY_PARAM,
  SORT_PARAM,
  sortOptions,
  SPECIALS_PARAM,
  type ListingQuery,
} from "~/lib/listing-query";

interface FilterMenuProps {
  /** The listing's path: the form's action. */
  action: string;
  query: ListingQuery;
  /** Brands among the matches (the API's meta.brands). */
  brands: string[];
  favoritesAllowed: boolean;
}

/**
 * Filters and sort (spec §4, §9) as one GET form, every choice a URL parameter. Without
 * JavaScript the filters sit in a disclosure and 'Apply' submits the form. With JavaScript the
 * filters are a menu opened by a button (closed by Escape or a click outside) and every change
 * applies at once.
 */
export function FilterMenu({ action, query, brands, favoritesAllowed }: FilterMenuProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const sortId = useId();

  // While a change loads, show it already (the URL being loaded is the truth to come).
  const pending = navigation.location?.pathname === action ? navigation.location : null;
  const shown = pending ? parseListingQuery(pending.search) : query;
  const count = activeFilterCount(shown);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !menu.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  /** With JavaScript a change applies at once (back to page 1). */
  const apply = (changes: Partial<ListingQuery>) => {
    navigate(listingHref(action, { ...shown, ...changes, page: 1 }), { preventScrollReset: true });
  };

  const toggleBrand = (brand: string, checked: boolean) =>
    apply({
      brands: checked ? [...shown.brands, brand] : shown.brands.filter((b) => b !== brand),
    });

  const choices = brandChoices(brands, shown.brands);
  const filters = (
    <>
      {choices.length > 0 ? (
        <fieldset className="filter-menu__group">
          <legend>Brands</legend>
          <ul className="filter-menu__brands">
            {choices.map((brand) => (
              <li key={brand}>
                <label className="check">
                  <input
                    type="checkbox"
                    name={BRANDS_PARAM}
                    value={brand}
                    checked={shown.brands.includes(brand)}
                    onChange={(event) => toggleBrand(brand, event.currentTarget.checked)}
                  />
                  <span>{brand}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <fieldset className="filter-menu__group">
        <legend>Show only</legend>
        <label className="check">
          <input
            type="checkbox"
            name={SPECIALS_PARAM}
            value="1"
            checked={shown.specials}
            onChange={(event) => apply({ specials: event.currentTarget.checked })}
          />
          <span>Specials</span>
        </label>
        {favoritesAllowed ? (
          <label className="check">
            <input
              type="checkbox"
              name={FAVORITES_PARAM}
              value="1"
              checked={shown.favorites}
              onChange={(event) => apply({ favorites: event.currentTarget.checked })}
            />
            <span>Favorites</span>
          </label>
        ) : null}
      </fieldset>
      <p className="filter-menu__clear">
        <Link to={listingHref(action, clearedFilters(shown))} preventScrollReset>
          Clear All
        </Link>
      </p>
    </>
  );

  const label: ReactNode = (
    <>
      <FilterIcon />
      Filters
      {count > 0 ? (
        <span className="filter-menu__count">
          <span aria-hidden="true">{count}</span>
          <span className="visually-hidden">, {count} on</span>
        </span>
      ) : null}
    </>
  );

  return (
    <Form
      method="get"
      action={action}
      className="listing-toolbar"
      aria-label="Filter and sort"
      // With JavaScript the controls apply themselves; there is no Apply button to submit.
      onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
    >
      {shown.query ? <input type="hidden" name={QUERY_PARAM} value={shown.query} /> : null}
      {hydrated ? (
        <div className="filter-menu filter-menu--popover" ref={menu}>
          <button
            ref={toggle}
            type="button"
            className="filter-menu__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((isOpen) => !isOpen)}
          >
            {label}
          </button>
          <div id={panelId} className="filter-menu__panel" hidden={!open}>
            {filters}
          </div>
        </div>
      ) : (
        <details className="filter-menu">
          <summary className="filter-menu__toggle">{label}</summary>
          <div className="filter-menu__panel">{filters}</div>
        </details>
      )}

      <div className="listing-sort">
        <label htmlFor={sortId}>Sort by</label>
        <select
          id={sortId}
          name={SORT_PARAM}
          className="input listing-sort__select"
          value={shown.sort}
          onChange={(event) => {
            const value = event.currentTarget.value;
            const option = sortOptions(shown.query).find((o) => o.value === value);
            if (option) apply({ sort: option.value });
          }}
        >
          {sortOptions(shown.query).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button
          type="submit"
          className="button button--primary button--small listing-toolbar__apply"
        >
          Apply
        </button>
      )}
    </Form>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M7 12h10M10 18h4"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}
