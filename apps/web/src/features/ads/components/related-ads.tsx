import type { TAdCard } from "~/components/ads/ad-card-data";
import { useState } from "react";
import { clsx } from "clsx";
import { NoAds } from "~/components/ads/no-ads";
import { AdCard } from "~/components/ads/ad-card";

/** A column's width: the ad page is max-w-7xl with px-4 (sm:px-6); the grid below has gap-3 and 2 or md:4 columns. */
const CARD_SIZES = [
  "(min-width: 1280px) 299px",
  "(min-width: 768px) calc(25vw - 21px)",
  "(min-width: 640px) calc(50vw - 30px)",
  "calc(50vw - 22px)",
].join(", ");

/** Spec §2: the ad page ends with a toggle between Similar Ads and Ads By Seller. */
export function RelatedAds({ similar, bySeller }: { similar: TAdCard[]; bySeller: TAdCard[] }) {
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
              <AdCard ad={ad} sizes={CARD_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
