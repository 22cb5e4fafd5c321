import { useState } from "react";
import { clsx } from "clsx";
import { useSession } from "~/lib/session";
import { openLoginPrompt } from "~/lib/login-prompt";
import { toggleSaved, useIsSaved } from "~/lib/saved-ads";

/** The heart on cards and the ad page (spec §2, §4 "Save toggle"); a visitor is asked to log in. */
export function SaveToggle({ adId, title, className }: { adId: number; title: string; className?: string }) {
  const session = useSession();
  const isSaved = useIsSaved(adId);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-pressed={isSaved}
      aria-label={isSaved ? "Remove from saved" : "Save ad"}
      disabled={busy}
      onClick={async (event) => {
        event.preventDefault();
        if (session.status !== "signed-in") return openLoginPrompt("Log in to save ads and find them again later.");
        setBusy(true);
        await toggleSaved(adId, isSaved, title);
        setBusy(false);
      }}
      className={clsx(
        "grid size-10 place-items-center rounded-full bg-white/95 shadow-sm ring-1 ring-slate-200 hover:bg-white disabled:opacity-60",
        className,
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className={clsx("size-5", isSaved ? "text-rose-600" : "text-slate-600")}
        aria-hidden="true"
      >
        <path
          d="M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2 0 3.4 1.1 4.4 2.6h2C14 6.1 15.4 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21z"
          fill={isSaved ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
