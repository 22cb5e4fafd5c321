import { useEffect, useState } from "react";
import { inputClass } from "~/components/ui/form-field";

const SEARCH_DELAY_MS = 300;

/** An admin table's search: the value is applied 300 ms after typing stops, trimmed. */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <input
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={label}
      aria-label={label}
      className={`${inputClass} sm:w-64`}
    />
  );
}
