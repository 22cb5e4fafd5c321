import { Link, useRevalidator } from "react-router";
import { BRAND } from "@waterside/shared/brand";
import { isFailedFetch } from "~/lib/failed-fetch";
import { NOT_SAVED_COPY } from "~/lib/offline-caches";

/**
 * Whether a page failed because the device has no connection: the move's page data could not be fetched and no copy
 * was kept (the browser says it is offline, or a connected phone's fetch failed). Any other TypeError is a fault of
 * ours and says so. Never on the server, which is online by definition.
 */
export const failedOffline = (error: unknown) =>
  typeof navigator !== "undefined" && (!navigator.onLine || isFailedFetch(error));

/**
 * A move inside the app to a page this device never kept, made without a signal: said as such, with the way to what
 * was kept, instead of "Something went wrong" and a reload that cannot work.
 */
export function OfflineNotSaved() {
  const revalidator = useRevalidator();
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <title>{`${NOT_SAVED_COPY.title} | ${BRAND}`}</title>
      <h1 className="text-2xl font-semibold">{NOT_SAVED_COPY.title}</h1>
      <p className="mt-2 text-slate-600">{NOT_SAVED_COPY.text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === "loading"}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
        >
          Try again
        </button>
        <Link to="/" className="rounded-lg bg-emerald-700 px-5 py-2.5 font-medium text-white hover:bg-emerald-800">
          {BRAND} home
        </Link>
      </div>
    </section>
  );
}
