import { Suspense, lazy } from "react";
import { useSession } from "~/lib/session";

// Only the ad's seller sees the boost panel, so only they download it (and the payments calls).
const BoostPanel = lazy(() => import("./boost-panel"));

/** The ad page's boost panel (first document §4 "Ad boost display"), mounted for the ad's seller only. */
export function OwnerBoostPanel({ ad }: { ad: { id: number; user_id: number } }) {
  const session = useSession();
  if (session.status !== "signed-in" || session.user.id !== ad.user_id) return null;
  return (
    <Suspense fallback={<div className="h-20 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />}>
      <BoostPanel adId={ad.id} />
    </Suspense>
  );
}
