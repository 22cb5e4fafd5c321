import { Link } from "react-router";
import { AD_CARD_ATTRIBUTE, logAdClick, watchAdCard } from "~/lib/analytics-log";
import { useDataSaver } from "~/lib/data-saver";
import { formatDate, formatPrice } from "~/lib/format";
import { AdPrice } from "./ad-price";
import { SaveToggle } from "~/components/save-toggle";
import { VerifiedMark } from "~/components/trust/verified-badge";
import type { TAdCard } from "./ad-card-data";
import { adPath } from "./ad-path";
import { cardPhoto } from "./card-photo";

/**
 * A list card: title image at card size, price, title, place, up to 3 description lines (spec §2 Cards), and a
 * check after the place when the seller's phone is verified (issue 27).
 * `sizes` is how wide the list shows its cards on each screen, so a phone downloads the small card photo and a
 * wide or dense screen the full card one (decision 006); with the data saver on, every screen the small one
 * (decision 105).
 */
export function AdCard({
  ad,
  sizes,
  eager = false,
  wasPrice = null,
}: {
  ad: TAdCard;
  sizes: string;
  eager?: boolean;
  /** Saved Items (issue 29): the price the saver saw before it dropped, shown beside the new one. */
  wasPrice?: number | null;
}) {
  return (
    <article
      ref={(card) => watchAdCard(card, ad.id)}
      {...{ [AD_CARD_ATTRIBUTE]: ad.id }}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white hover:border-emerald-600 hover:shadow-sm"
    >
      <img
        {...cardPhoto(ad.images[0], sizes, useDataSaver())}
        alt=""
        width={480}
        height={360}
        loading={eager ? "eager" : "lazy"}
        // The page's first photos are what it paints first; the others wait their turn rather than share the line.
        fetchPriority={eager ? "high" : "low"}
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <SaveToggle adId={ad.id} title={ad.title} className="absolute top-2 right-2 z-10" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-lg font-bold text-emerald-800">
          <AdPrice ad={ad} />
          {wasPrice !== null && (
            <span className="ml-2 text-sm font-medium text-slate-600">
              Was {formatPrice(wasPrice, ad.subcategory.price_unit)}
            </span>
          )}
        </p>
        <h3 className="line-clamp-2 font-medium text-slate-900">
          <Link
            to={adPath(ad)}
            onClick={() => logAdClick(ad.id)}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {ad.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-600">{ad.description}</p>
        <p className="mt-auto pt-1 text-xs text-slate-500">
          {ad.location} · {formatDate(ad.created_at)}
          {ad.user.phone_verified && <VerifiedMark className="ml-1 align-[-2px]" />}
        </p>
      </div>
    </article>
  );
}

/** Spec §2: 18 placeholders while a list loads. */
export function AdCardSkeletons({ count = 18 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li
          key={index}
          aria-hidden="true"
          className="animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white"
        >
          <div className="aspect-[4/3] bg-slate-200" />
          <div className="space-y-2 p-3">
            <div className="h-5 w-1/3 rounded bg-slate-200" />
            <div className="h-4 w-4/5 rounded bg-slate-200" />
            <div className="h-3 w-full rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </>
  );
}
