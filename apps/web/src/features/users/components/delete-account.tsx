import { useState } from "react";
import { useNavigate } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { notify } from "~/lib/notify";
import { authedTransport, clearSession, deviceId } from "~/lib/session";
import { deleteAccount } from "../api/delete-account";

const CONFIRM = "Are you sure you want to delete your account? This action is permanent.";

/** Spec §4 "Account deletion": confirm, delete, say so, sign out, go to /auth. */
export function DeleteAccount() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { confirm, tell, dialog } = useConfirm();
  return (
    <div className="max-w-lg space-y-4">
      <p className="text-slate-700">
        Deleting your account removes your profile, your ads and your saved ads. It cannot be undone.
      </p>
      <button
        type="button"
        disabled={busy}
        className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        onClick={async () => {
          const agreed = await confirm({
            title: "Delete your account?",
            text: CONFIRM,
            confirm: "Delete",
            danger: true,
          });
          if (!agreed) return;
          setBusy(true);
          try {
            await deleteAccount(authedTransport, deviceId());
            notify("success", "Deleted!");
            await tell("Account deleted", "Your account has been deleted successfully.");
            clearSession();
            navigate("/auth", { replace: true });
          } catch {
            notify("error", "Error deleting account, please try again later");
            await tell("Account not deleted", "Failed to delete account. Please try again.");
            setBusy(false);
          }
        }}
      >
        Delete My Account
      </button>
      {dialog}
    </div>
  );
}
