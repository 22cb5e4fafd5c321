import type { TAdCard } from "~/components/ads/ad-card-data";
import { useRef } from "react";
import { Link } from "react-router";
import { NoAds } from "~/components/ads/no-ads";
import { AdCard } from "~/components/ads/ad-card";

/** Spec §9: carousels scroll 300 px per arrow; arrows show past 6 items on desktop, 3 on phones. */
const SCROLL_STEP_PX = 300;
/** A card is w-44, sm:w-56 (below). */
const CARD_SIZES = "(min-width: 640px) 224px, 176px";

export function HorizontalAdList({
  id,
  title,
  ads,
  viewAll,
}: {
  id: string;
  title: string;
  ads: TAdCard[];
  viewAll: string;
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = (direction: number) =>
    scroller.current?.scrollBy({ left: direction * SCROLL_STEP_PX, behavior: "smooth" });
  const arrows = ads.length > 6 ? "flex" : ads.length > 3 ? "flex md:hidden" : "hidden";
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-4 sm:px-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <div className="flex items-center gap-2">
          <div className={`${arrows} gap-1`}>
            <button
              type="button"
              onClick={() => scroll(-1)}
              aria-label={`Scroll ${title} back`}
              className="grid size-8 place-items-center rounded-full bg-white ring-1 ring-slate-300 hover:bg-slate-50"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => scroll(1)}
              aria-label={`Scroll ${title} forward`}
              className="grid size-8 place-items-center rounded-full bg-white ring-1 ring-slate-300 hover:bg-slate-50"
            >
              ›
            </button>
          </div>
          <Link
            to={viewAll}
            className="text-sm font-medium text-emerald-700 hover:underline"
            aria-label={`View all ${title}`}
          >
            View all
          </Link>
        </div>
      </div>
      {ads.length === 0 ? (
        <NoAds />
      ) : (
        <ul ref={scroller} className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
          {/* Chromium lazy-loads photos ahead inside scrollers too; a card well off to the side is not laid out
              (content-visibility), so its photo waits until the list is scrolled (decision 029). */}
          {ads.map((ad) => (
            <li
              key={ad.id}
              className="w-44 shrink-0 snap-start [contain-intrinsic-size:auto_22rem] [content-visibility:auto] sm:w-56"
            >
              <AdCard ad={ad} sizes={CARD_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
