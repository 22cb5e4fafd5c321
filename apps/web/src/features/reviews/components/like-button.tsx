import { clsx } from "clsx";

/** A like toggle with its count; the caller applies a tap at once and reverts it on error (spec §4). */
export function LikeButton({
  liked,
  count,
  what,
  onToggle,
}: {
  liked: boolean;
  count: number;
  what: "review" | "reply";
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      // The count shown must be a word of the name (axe label-content-name-mismatch): in brackets, "(3" is not "3".
      aria-label={`${liked ? "Unlike" : "Like"} this ${what}, ${count} like${count === 1 ? "" : "s"}`}
      onClick={onToggle}
      className={clsx(
        "flex items-center gap-1 rounded-lg px-2 py-1 text-sm hover:bg-slate-100",
        liked ? "font-semibold text-emerald-800" : "text-slate-600",
      )}
    >
      <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
        <path
          d="M7 11v9H4v-9h3zm2 9h8.3a2 2 0 0 0 2-1.6l1.3-6.4A2 2 0 0 0 18.6 9.6H14l.7-3.6a1.8 1.8 0 0 0-3.3-1.3L9 10v10z"
          fill={liked ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {count}
    </button>
  );
}
