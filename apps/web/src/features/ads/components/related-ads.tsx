import type { TAdListItem } from "@waterside/shared/ads";
import { useState } from "react";
import { clsx } from "clsx";
import { NoAds } from "~/components/ads/no-ads";
import { AdCard } from "~/components/ads/ad-card";

/** Spec §2: the ad page ends with a toggle between Similar Ads and Ads By Seller. */
export function RelatedAds({ similar, bySeller }: { similar: TAdListItem[]; bySeller: TAdListItem[] }) {
  const [tab, setTab] = useState<"similar" | "seller">("similar");
  const ads = tab === "similar" ? similar : bySeller;
  const tabClass = (active: boolean) =>
    clsx(
      "rounded-full px-4 py-1.5 text-sm font-medium",
      active ? "bg-emerald-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300",
    );
  return (
    <section aria-label="More ads" className="space-y-3">
      <div className="flex gap-2">
        <button
          type="button"
          aria-pressed={tab === "similar"}
          onClick={() => setTab("similar")}
          className={tabClass(tab === "similar")}
        >
          Similar Ads
        </button>
        <button
          type="button"
          aria-pressed={tab === "seller"}
          onClick={() => setTab("seller")}
          className={tabClass(tab === "seller")}
        >
          Ads By Seller
        </button>
      </div>
      {ads.length === 0 ? (
        <NoAds />
      ) : (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {ads.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
