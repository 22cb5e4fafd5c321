import { BRAND } from "@waterside/shared/brand";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { useEffect, useState } from "react";
import { useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/saved-ads";
import { AdCard, AdCardSkeletons } from "~/components/ads/ad-card";
import { inputClass } from "~/components/ui/form-field";
import { authedTransport } from "~/lib/session";
import { requireSession } from "~/lib/require-session";
import { loadSavedIds } from "~/lib/saved-ads";
import { getSavedAds } from "../api/get-saved-ads";

/** Spec §5/§9: list search starts after more than 2 characters, 300 ms after typing stops. */
const SEARCH_MIN_LENGTH = 3;
const SEARCH_DELAY_MS = 300;
/** A column's width: the page is max-w-6xl with px-4 (sm:px-6); the grid has gap-3 (sm:gap-4), 2 to xl:4 columns. */
const CARD_SIZES = [
  "(min-width: 1280px) 264px",
  "(min-width: 1152px) 358px",
  "(min-width: 768px) calc((100vw - 80px) / 3)",
  "(min-width: 640px) calc(50vw - 32px)",
  "calc(50vw - 22px)",
].join(", ");

export const meta: Route.MetaFunction = () => [
  { title: `Saved ads | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireSession(request);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? "";
  const [page] = await Promise.all([
    getSavedAds(authedTransport, {
      search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
      page: url.searchParams.get("page") ?? "1",
    }),
    // The hearts come from the saved ids (lib/saved-ads.ts), read once a session: the cards show them filled at once.
    loadSavedIds(),
  ]);
  return { page, search };
}

export function HydrateFallback() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4" aria-busy="true">
        <AdCardSkeletons />
      </ul>
    </div>
  );
}

/**
 * Spec §2 /profile/saved: the user's saved ads with a search; 'No Saved Ads' when there are none. A sold one shows
 * Sold (issue 28).
 */
export default function SavedAds({ loaderData }: Route.ComponentProps) {
  const { page, search } = loaderData;
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [text, setText] = useState(search);

  useEffect(() => {
    const trimmed = text.trim();
    const wanted = trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : "";
    if (wanted === (search.length >= SEARCH_MIN_LENGTH ? search : "")) return;
    const timer = setTimeout(() => setParams(wanted ? { search: wanted } : {}, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, setParams]);

  const loading = navigation.state === "loading";
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-semibold">Saved ads</h1>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search saved ads"
          aria-label="Search saved ads"
          className={`${inputClass} sm:max-w-xs`}
        />
      </div>
      {!loading && page.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold">No Saved Ads</p>
          <p className="mt-1 text-slate-600">Tap the heart on an ad to find it here later.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4" aria-busy={loading}>
          {loading ? (
            <AdCardSkeletons />
          ) : (
            page.data.map((ad) => (
              <li key={ad.id} className="relative">
                {/* Issue 28: a saved ad its seller sold stays here a while, said so on its photo. */}
                {ad.status_id === AD_STATUS.sold && (
                  <span className="pointer-events-none absolute top-2 left-2 z-10 rounded-full bg-slate-800 px-2.5 py-1 text-sm font-semibold text-white shadow">
                    {ad.status.name}
                  </span>
                )}
                <AdCard ad={ad} sizes={CARD_SIZES} wasPrice={ad.was_price} />
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
