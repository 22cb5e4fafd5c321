import { AD_STATUS } from "@waterside/shared/reference-ids";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { primaryButtonClass } from "~/components/ui/form-field";
import { useSession } from "~/lib/session";
import { renewAndSay } from "../lifecycle-calls";

/**
 * Issue 28: the owner of an expired ad sees it (visitors get the no-longer-available page) with this notice and Renew,
 * which puts it back to Active; the page then reads the ad again.
 */
export function OwnerExpiredNotice({ ad }: { ad: { id: number; user_id: number; status_id: number } }) {
  const session = useSession();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  if (ad.status_id !== AD_STATUS.expired) return null;
  if (session.status !== "signed-in" || session.user.id !== ad.user_id) return null;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>
        <strong>Expired.</strong> This ad is no longer shown to buyers. Renew it to put it back for another period.
      </p>
      <button
        type="button"
        disabled={busy}
        className={primaryButtonClass}
        onClick={async () => {
          setBusy(true);
          if (await renewAndSay(ad.id)) await revalidator.revalidate();
          setBusy(false);
        }}
      >
        {busy ? "Renewing..." : "Renew"}
      </button>
    </div>
  );
}
