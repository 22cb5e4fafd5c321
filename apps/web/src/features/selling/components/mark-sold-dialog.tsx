import { AD_LIFECYCLE_MESSAGES, SOLD_PAGE_DAYS } from "@waterside/shared/ad-lifecycle";
import { BRAND } from "@waterside/shared/brand";
import { useId, useState } from "react";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { ApiError, withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getAdBuyers } from "../api/get-ad-buyers";
import { markAdSold } from "../api/mark-ad-sold";

/** The buyer choice's value for a sale to someone the seller did not chat with here. */
const SOMEONE_ELSE = "";

/**
 * Mark as sold (issue 28): asks, optionally, who bought the ad — one of the people who chatted about it, or someone
 * else — and marks it. `onDone` runs after a sale is recorded; the API's message is said either way.
 */
export function MarkSoldDialog({
  ad,
  onClose,
  onDone,
}: {
  ad: { id: number; title: string } | null;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Modal
      open={ad !== null}
      onOpenChange={(open) => !open && onClose()}
      label="Mark as sold"
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      {ad && <MarkSoldForm key={ad.id} ad={ad} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function MarkSoldForm({
  ad,
  onClose,
  onDone,
}: {
  ad: { id: number; title: string };
  onClose: () => void;
  onDone: () => void;
}) {
  const buyers = useLoad((signal) => getAdBuyers(withSignal(authedTransport, signal), ad.id), ad.id);
  const [buyer, setBuyer] = useState(SOMEONE_ELSE);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await markAdSold(authedTransport, ad.id, buyer === SOMEONE_ELSE ? {} : { buyer_user_id: Number(buyer) });
      notify("success", AD_LIFECYCLE_MESSAGES.markedSold);
      onDone();
    } catch (error) {
      notify("error", error instanceof ApiError ? error.message : AD_LIFECYCLE_MESSAGES.soldNotAllowed);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <h2 className="text-lg font-semibold">Mark as sold</h2>
      <p className="text-slate-700">
        “{ad.title}” leaves search and lists; its page shows Sold for {SOLD_PAGE_DAYS} days, and people who saved it see
        it is sold.
      </p>
      <div className="space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium">
          Who bought it? (optional)
        </label>
        <select
          id={selectId}
          value={buyer}
          onChange={(event) => setBuyer(event.target.value)}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          <option value={SOMEONE_ELSE}>Someone else / not on {BRAND}</option>
          {buyers.data?.map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.name}
            </option>
          ))}
        </select>
        {buyers.loading && <p className="text-xs text-slate-500">Looking for people who chatted about it…</p>}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? "Saving..." : "Mark as sold"}
        </button>
      </div>
    </form>
  );
}
