import { ADMIN_AD_STATUS_NAMES, type TAdminAdStatusName } from "@waterside/shared/admin-messages";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import type { TAdListItem } from "@waterside/shared/ads";
import { useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { notify } from "~/lib/notify";
import { adminTransport } from "../../admin-session";
import { setAdStatus } from "../../api/set-ad-status";
import { useConfirm } from "../confirm-dialog";
import { ADMIN_FAILURES } from "../failures";

type Status = TAdListItem["status"];

const QUESTIONS: Record<TAdminAdStatusName, { label: string; title: string; text: string }> = {
  Hidden: {
    label: "Hide ad",
    title: "Hide this ad?",
    text: "It leaves public lists and search at once. Its owner still sees it.",
  },
  Active: {
    label: "Activate ad",
    title: "Activate this ad?",
    text: "It shows in public lists and search again.",
  },
};

/**
 * The ad's Active/Hidden switch (spec second document §4 "Ad status (admin)"): a confirmation, then 'Updated!' or
 * 'Update failed: {message}' (§8). A Pending ad (taken offline by reports, decision 043) can go either way.
 */
export function AdStatusToggle({
  adId,
  status,
  onChange,
}: {
  adId: number;
  status: Status;
  onChange: (status: Status) => void;
}) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const targets = (Object.keys(ADMIN_AD_STATUS_NAMES) as TAdminAdStatusName[]).filter(
    (name) => ADMIN_AD_STATUS_NAMES[name] !== status.id,
  );

  async function change(name: TAdminAdStatusName) {
    const question = QUESTIONS[name];
    if (!(await confirm({ title: question.title, text: question.text, confirm: question.label }))) return;
    setBusy(true);
    try {
      const ad = await setAdStatus(adminTransport, adId, name);
      onChange(ad.status);
      notify("success", ADMIN_MODERATION_MESSAGES.statusUpdated);
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {targets.map((name) => (
        <button
          key={name}
          type="button"
          onClick={() => void change(name)}
          disabled={busy}
          className={name === "Active" ? primaryButtonClass : secondaryButtonClass}
        >
          {QUESTIONS[name].label}
        </button>
      ))}
      {dialog}
    </div>
  );
}
