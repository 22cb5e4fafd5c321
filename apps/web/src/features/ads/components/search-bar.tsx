import type { TSuggestion } from "@waterside/shared/ads";
import { SUGGESTION_MIN_LENGTH } from "@waterside/shared/ads-messages";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { LocationPicker } from "~/components/location-picker";
import { browserTransport } from "~/lib/api-client";
import { useCounties } from "~/lib/locations";
import { useLoad } from "~/lib/use-load";
import { getSuggestions } from "../api/get-suggestions";

/** Spec §5: suggestions start after more than 2 characters, with a 1-second delay. */
const SUGGESTION_DELAY_MS = 1000;
const NO_SUGGESTIONS: TSuggestion[] = [];

/**
 * The search bar of category and search pages: words, a place, and title suggestions as you type.
 * Give it `key={search}` so a new search in the URL starts it afresh.
 */
export function SearchBar({ search = "", location = "" }: { search?: string; location?: string }) {
  const counties = useCounties();
  const [text, setText] = useState(search);
  const navigate = useNavigate();
  const listId = useId();
  const form = useRef<HTMLFormElement>(null);
  const words = useRef<HTMLInputElement>(null);
  // The field is left to the browser (defaultValue): on a public page the app loads as the reader focuses it
  // (decision 107), and what they type meanwhile must survive hydration, which resets a controlled field.
  useEffect(() => {
    const typed = words.current?.value;
    if (typed !== undefined && typed !== search) setText(typed);
  }, [search]);

  const query = text.trim();
  const found = useLoad(
    query.length >= SUGGESTION_MIN_LENGTH && query !== search
      ? (signal) => getSuggestions(browserTransport, query, signal)
      : null,
    query,
    // The list stays as it is while the user types, until new suggestions come.
    { keep: true, delay: SUGGESTION_DELAY_MS },
  );
  const suggestions = found.data ?? NO_SUGGESTIONS;
  const error = found.error && `Error fetching suggestions: ${found.error.message}`;
  // New suggestions open the list with none chosen; Escape, leaving the field or a choice close it until then.
  const [closedFor, setClosedFor] = useState<TSuggestion[] | null>(null);
  const [chosen, setChosen] = useState<{ among: TSuggestion[]; index: number } | null>(null);
  const open = found.data !== undefined && closedFor !== found.data;
  const active = chosen?.among === suggestions ? chosen.index : -1;
  const close = () => setClosedFor(suggestions);

  const choose = (suggestion: TSuggestion) => {
    close();
    const place = new FormData(form.current!).get("location");
    const params = new URLSearchParams({ search: suggestion.title, ...(place ? { location: String(place) } : {}) });
    navigate(`/search?${params}`);
  };

  const showList = open && suggestions.length > 0 && text.trim().length >= SUGGESTION_MIN_LENGTH;
  return (
    // On a phone the words and the Search button share the first row and the place goes below: the suggestion list,
    // as wide as the words' field, then covers only the place, never the button (decision 064).
    <Form
      ref={form}
      action="/search"
      method="get"
      role="search"
      className="relative grid grid-cols-[minmax(0,1fr)_auto] gap-2 sm:flex sm:flex-row"
    >
      <div className="relative col-start-1 row-start-1 min-w-0 flex-1">
        <input
          ref={words}
          name="search"
          type="search"
          defaultValue={search}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (!showList) return;
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              const step = event.key === "ArrowDown" ? 1 : -1;
              setChosen({ among: suggestions, index: (active + step + suggestions.length) % suggestions.length });
            } else if (event.key === "Enter" && active >= 0) {
              event.preventDefault();
              choose(suggestions[active]!);
            } else if (event.key === "Escape") {
              // A search field clears itself on Escape: here Escape only closes the list, the words stay.
              event.preventDefault();
              close();
            }
          }}
          onBlur={() => window.setTimeout(close, 150)}
          placeholder="What are you looking for?"
          aria-label="What are you looking for?"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(suggestion)}
                className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-emerald-50" : "hover:bg-slate-50"}`}
              >
                <span className="font-medium">{suggestion.title}</span>
                <span className="block text-xs text-slate-500">{suggestion.location}</span>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p
            role="alert"
            className="absolute inset-x-0 top-full mt-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {error}
          </p>
        )}
      </div>
      <LocationPicker
        counties={counties}
        defaultValue={location}
        className="col-span-2 row-start-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 sm:w-56"
      />
      <button
        type="submit"
        className="col-start-2 row-start-1 rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800 sm:px-5"
      >
        Search
      </button>
    </Form>
  );
}
