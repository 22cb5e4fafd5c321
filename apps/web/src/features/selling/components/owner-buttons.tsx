import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { deleteAd } from "../api/delete-ad";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";

/** Spec §2 ad page: Edit (to /sell/{adId}) and Delete with a confirmation, for the ad's seller. */
export default function OwnerButtons({ adId }: { adId: number }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  return (
    <div className="flex gap-2" role="group" aria-label="Your ad">
      <Link
        to={`/sell/${adId}`}
        className="flex-1 rounded-lg bg-emerald-700 px-4 py-2 text-center font-semibold text-white hover:bg-emerald-800"
      >
        Edit
      </Link>
      <button
        type="button"
        disabled={busy}
        className="flex-1 rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        onClick={async () => {
          const agreed = await confirm({
            title: "Delete ad",
            text: SELLING_MESSAGES.deleteConfirm,
            confirm: "Delete",
            danger: true,
          });
          if (!agreed) return;
          setBusy(true);
          try {
            await deleteAd(authedTransport, adId);
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
      {dialog}
    </div>
  );
}
