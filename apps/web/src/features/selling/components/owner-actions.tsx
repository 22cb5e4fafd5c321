import type { TAdListItem } from "@waterside/shared/ads";
import { Suspense, lazy } from "react";
import { useSession } from "~/lib/session";

// Only the ad's seller sees Edit and Delete, so only they download them (and the delete call).
const OwnerButtons = lazy(() => import("./owner-buttons"));

/** Spec §2 ad page: its seller sees Edit and Delete; everyone else, nothing. */
export function OwnerActions({ ad }: { ad: Pick<TAdListItem, "id" | "user_id"> }) {
  const session = useSession();
  if (session.status !== "signed-in" || session.user.id !== ad.user_id) return null;
  return (
    <Suspense fallback={<div className="h-10" aria-hidden="true" />}>
      <OwnerButtons adId={ad.id} />
    </Suspense>
  );
}
