import { BRAND } from "@waterside/shared/brand";
import { useState } from "react";
import { takeUpdate, useWaitingUpdate } from "~/lib/service-worker";

/**
 * Issue 31: a new version of the site waits until the user takes it, so a form half filled in is never reloaded
 * under them. "Update" reloads onto it; "Later" leaves it for the next visit (it activates once every tab is closed).
 */
export function UpdatePrompt() {
  const waiting = useWaitingUpdate();
  const [later, setLater] = useState<ServiceWorker | null>(null);
  if (!waiting || later === waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-2 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">Update available: a new version of {BRAND} is ready.</p>
      <button
        type="button"
        onClick={() => setLater(waiting)}
        className="rounded-lg px-3 py-1.5 font-medium text-slate-200 hover:bg-slate-800"
      >
        Later
      </button>
      <button
        type="button"
        onClick={takeUpdate}
        className="rounded-lg bg-emerald-600 px-3 py-1.5 font-semibold text-white hover:bg-emerald-500"
      >
        Update
      </button>
    </div>
  );
}
