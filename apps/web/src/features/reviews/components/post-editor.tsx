import { REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { useId, useState } from "react";

/**
 * The text box of a review or reply, new or edited (spec §5): a counter x/max, Send disabled while blank, and
 * 'Content cannot be empty' when an edit is emptied. `onSave` resolves true when the text was saved.
 */
export function PostEditor({
  label,
  max,
  initial = "",
  saveLabel,
  onSave,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  max: number;
  initial?: string;
  saveLabel: string;
  onSave: (content: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blank = content.trim() === "";
  // A new post cannot be sent blank; an edit may be tried, and is told why not (spec §5).
  const editing = initial !== "";

  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (blank) return setError(REVIEW_MESSAGES.contentEmpty);
        setBusy(true);
        const saved = await onSave(content.trim());
        setBusy(false);
        if (saved && !editing) setContent("");
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={content}
        maxLength={max}
        rows={2}
        autoFocus={autoFocus}
        placeholder={label}
        aria-invalid={error !== null}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          setContent(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => event.key === "Escape" && onCancel?.()}
        className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30"
      />
      <div className="flex flex-wrap items-center gap-2">
        <span id={`${id}-count`} className="text-xs text-slate-500">
          {content.length}/{max}
        </span>
        {error && (
          <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
            {error}
          </span>
        )}
        <span className="flex-1" />
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
        )}
        <button
          type="submit"
          disabled={busy || (blank && !editing)}
          className="rounded-lg bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-50"
        >
          {busy ? "Sending…" : saveLabel}
        </button>
      </div>
    </form>
  );
}
