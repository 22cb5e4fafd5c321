import type { TAdListItem } from "@waterside/shared/ads";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { notify } from "~/lib/notify";
import { authedData, useSession } from "~/lib/session";

/** Spec §2 ad page: its seller sees Edit (to /sell/{adId}) and Delete with a confirmation. */
export function OwnerActions({ ad }: { ad: Pick<TAdListItem, "id" | "user_id"> }) {
  const session = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (session.status !== "signed-in" || session.user.id !== ad.user_id) return null;
  return (
    <div className="flex gap-2" role="group" aria-label="Your ad">
      <Link
        to={`/sell/${ad.id}`}
        className="flex-1 rounded-lg bg-emerald-700 px-4 py-2 text-center font-semibold text-white hover:bg-emerald-800"
      >
        Edit
      </Link>
      <button
        type="button"
        disabled={busy}
        className="flex-1 rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        onClick={async () => {
          if (!window.confirm(SELLING_MESSAGES.deleteConfirm)) return;
          setBusy(true);
          try {
            await authedData(`/ads/${ad.id}`, { method: "DELETE" });
            notify("success", SELLING_MESSAGES.deleted);
            navigate("/profile");
          } catch {
            notify("error", SELLING_MESSAGES.deleteFailed);
            setBusy(false);
          }
        }}
      >
        Delete
      </button>
    </div>
  );
}
