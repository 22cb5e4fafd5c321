import { OFFLINE_BANNER_CLASS, offlineCopyText } from "~/lib/offline-caches";
import { useOfflineCopyAt } from "~/lib/service-worker";

/**
 * Issue 31 "offline reading": a page, or the data a screen read, that the service worker answered from its cache is
 * marked with when that copy was fetched. Nothing on the server's render, so hydration agrees.
 */
export function OfflineBanner() {
  const fetchedAt = useOfflineCopyAt();
  if (!fetchedAt) return null;
  return (
    <p role="status" className={OFFLINE_BANNER_CLASS}>
      {offlineCopyText(new Date(fetchedAt))}
    </p>
  );
}
