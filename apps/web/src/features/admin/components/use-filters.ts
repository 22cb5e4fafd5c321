import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * An admin table's filters kept in the address (so a link such as /admin/ads-reports?ad_id=7 opens filtered, and
 * Back returns to the previous filters): `filters` as a plain object, `setFilters(changes)` merges, dropping empty
 * values.
 */
export function useFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filters = useMemo(() => Object.fromEntries(new URLSearchParams(key)) as Record<string, string>, [key]);
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>, replaceAll = false) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(replaceAll ? undefined : previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === "") next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilters };
}
