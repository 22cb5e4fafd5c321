import { secondaryButtonClass } from "~/components/ui/form-field";

/** The next page of an admin list (spec second document §2 "Load More"), and a note when it failed. */
export function LoadMore({
  more,
  onMore,
  label = "Load More",
  className = secondaryButtonClass,
}: {
  more: "idle" | "loading" | "error";
  onMore: () => void;
  label?: string;
  className?: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={onMore} disabled={more === "loading"} className={className}>
        {more === "loading" ? "Loading..." : label}
      </button>
      {more === "error" && (
        <p role="alert" className="text-sm text-red-700">
          Could not load more. Try again.
        </p>
      )}
    </div>
  );
}
