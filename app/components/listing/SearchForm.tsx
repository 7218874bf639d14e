import { Form } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { SEARCH_QUERY_MAX_LENGTH } from "@core/rules/limits";
import { QUERY_PARAM } from "~/lib/listing-query";

const EMPTY_SEARCH = "Please enter a word to search for.";

interface SearchFormProps {
  /** Where the search goes: the department's products, or the category being browsed. */
  action: string;
  query: string;
}

/**
 * 'Search Department': a GET form keeping the words in `?query=`. The input is required
 * (spec §5); with JavaScript a blank search is refused on the spot, without it a search of only
 * spaces reaches the server, which answers with the plain department path.
 */
export function SearchForm({ action, query }: SearchFormProps) {
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const field = input.current;
    if (!field || field.value.trim()) return;
    event.preventDefault();
    field.setCustomValidity(EMPTY_SEARCH);
    field.reportValidity();
  };

  return (
    <Form method="get" action={action} role="search" className="listing-search" onSubmit={onSubmit}>
      <label htmlFor="department-search" className="listing-search__label">
        Search Department
      </label>
      <div className="listing-search__row">
        <input
          ref={input}
          // A new search (or Clear) shows the URL's words, not what was typed before.
          key={query}
          id="department-search"
          className="input listing-search__input"
          type="search"
          name={QUERY_PARAM}
          defaultValue={query}
          required
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          onInput={(event) => event.currentTarget.setCustomValidity("")}
        />
        <button type="submit" className="button button--primary listing-search__button">
          <SearchIcon />
          Search
        </button>
      </div>
    </Form>
  );
}

function SearchIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
