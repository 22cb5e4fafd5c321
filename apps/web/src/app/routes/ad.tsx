import { HORIZONTAL_LIST_SIZE } from "@waterside/shared/ads-messages";
import { BRAND } from "@waterside/shared/brand";
import { Suspense, lazy, useEffect, useState } from "react";
import { clsx } from "clsx";
import { data, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/ad";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { OwnerActions } from "~/features/selling/components/owner-actions";
import { OwnerExpiredNotice } from "~/features/selling/components/owner-expired-notice";
import { SaveToggle } from "~/components/save-toggle";
import { isMissing } from "~/lib/api-client";
import { getAd } from "~/features/ads/api/get-ad";
import { getAdCards } from "~/features/ads/api/get-ads";
import { getAdAvailability } from "~/features/ads/api/get-ad-availability";
import { GoneAd, type GoneAdProps } from "~/features/ads/components/gone-ad";
import { getCategories } from "~/lib/api/get-categories";
import type { ApiTransport } from "~/lib/api-client";
import { useLoad } from "~/lib/use-load";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { OPENED_AD_ATTRIBUTE, logAdClick } from "~/lib/analytics-log";
import { adPriceText, formatDate } from "~/lib/format";
import { AdPrice } from "~/components/ads/ad-price";
import { authedTransport, useSession } from "~/lib/session";
import { absoluteUrl, jsonLd, pageMeta, siteOrigin } from "~/lib/seo";
import { adPath } from "~/components/ads/ad-path";
import { AdAttributes } from "~/features/ads/components/ad-attributes";
import { AdGallery } from "~/features/ads/components/ad-gallery";
import { OwnerBoostPanel } from "~/features/payments/components/owner-boost-panel";
import { RelatedAds } from "~/features/ads/components/related-ads";
import { SellerCard } from "~/features/ads/components/seller-card";
import { ContactBar } from "~/features/ads/components/contact-bar";
import { useContactSeller } from "~/features/ads/hooks/use-contact-seller";
import { getReviews } from "~/features/reviews/api/get-reviews";
import { AdReviews } from "~/features/reviews/components/ad-reviews";
import { StarRating } from "~/features/reviews/components/rating-breakdown";
import { RatingPanel } from "~/features/reviews/components/rating-panel";
import { useAdRating } from "~/features/reviews/hooks/use-ad-rating";
import { ReportDialog } from "~/features/reports/components/report-dialog";
import { getUserReviews } from "~/features/deals/api/get-user-reviews";
import { SafeDealButton } from "~/features/deals/components/safe-deal-button";
import { SellerDealReviews } from "~/features/deals/components/seller-deal-reviews";

// Only the ad's owner opens Insights: the chart and its library load then, never with the public page.
const AdInsights = lazy(() => import("~/features/analytics/components/ad-insights"));
// A safe deal's dialog and payment (forms, schemas, the payments flow) come when "Buy with Safe Deal" is pressed.
const SafeDealCheckout = lazy(() => import("../safe-deal-checkout"));

/** The address that opens the ad page with its safe deal's dialog (the chat's "Safe deal" entry). */
const START_DEAL_PARAM = "safe-deal";

/** How many similar ads the no-longer-available page offers. */
const GONE_SIMILAR_ADS = 8;

/**
 * The page of an ad the visitor cannot see (decision 059): 410 for one that was posted and is gone, 404 for a link no
 * ad ever had, with the link's category and similar ads. The seller of a hidden ad sees it in the browser (below).
 */
async function goneAd(api: ApiTransport, params: Route.LoaderArgs["params"]) {
  const state = /^\d{1,9}$/.test(params.adId) ? await getAdAvailability(api, params.adId) : "unknown";
  const categories = await getCategories(api);
  const category = categories.find((candidate) => String(candidate.id) === params.categoryId);
  const subcategory = category?.subcategories.find((candidate) => String(candidate.id) === params.subcategoryId);
  const similar = await getAdCards(api, {
    per_page: GONE_SIMILAR_ADS,
    sort_combined: "visibility_score|desc",
    ...(subcategory && { subcategory_id: subcategory.id }),
  });
  const gone: GoneAdProps & { adId: string } = {
    // "available": it came back between the two reads; the next visit shows it.
    status: state === "unknown" ? 404 : 410,
    adId: params.adId,
    ...(category && { category: { id: category.id, name: category.name } }),
    ...(subcategory && { subcategory: { id: subcategory.id, name: subcategory.name } }),
    similar: similar.data,
  };
  return data({ gone }, { status: gone.status });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const ad = await getAd(context.api, params.adId).catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
  if (!ad) return goneAd(context.api, params);
  // Spec §2: any other address of this ad (old category, "undefined" placeholders) redirects to the canonical one.
  if (params.categoryId !== String(ad.category_id) || params.subcategoryId !== String(ad.subcategory_id)) {
    throw redirect(adPath(ad), 301);
  }
  const related = { per_page: HORIZONTAL_LIST_SIZE + 1, sort_combined: "visibility_score|desc" };
  const [similar, bySeller, reviews, sellerReviews] = await Promise.all([
    getAdCards(context.api, { ...related, subcategory_id: ad.subcategory_id }),
    getAdCards(context.api, { ...related, user_id: ad.user_id }),
    // The page renders without its reviews rather than not at all; the browser asks again.
    getReviews(context.api, ad.id).catch(() => null),
    // What buyers said of the seller after proven deals (issue 33); the seller card goes without it if it fails.
    getUserReviews(context.api, ad.user_id).catch(() => null),
  ]);
  const others = (list: typeof similar) =>
    list.data.filter((other) => other.id !== ad.id).slice(0, HORIZONTAL_LIST_SIZE);
  return { ad, similar: others(similar), bySeller: others(bySeller), reviews, sellerReviews };
}

type Loaded = Route.ComponentProps["loaderData"];
type AdLoaded = Exclude<Loaded, { gone: unknown }>;

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [];
  if ("gone" in loaded) {
    return [{ title: `This ad is no longer available | ${BRAND}` }, { name: "robots", content: "noindex" }];
  }
  const { ad } = loaded;
  // The seller's own price: a share preview has no exchange rate to add the other currency with.
  const price = adPriceText(ad, ad.subcategory.price_unit, null).seller;
  const origin = siteOrigin(matches);
  const image = ad.images[0] ? absoluteUrl(ad.images[0].image_url, origin) : undefined;
  return [
    ...pageMeta(
      {
        title: `${ad.title} - ${price}`,
        description: `${price} · ${ad.location} · ${ad.description.slice(0, 140)}`,
        path: adPath(ad),
        image,
        type: "product",
      },
      origin,
    ),
    jsonLd({
      "@type": "Product",
      name: ad.title,
      description: ad.description,
      url: `${origin}${adPath(ad)}`,
      ...(image && { image: ad.images.map((photo) => absoluteUrl(photo.image_url, origin)) }),
      category: `${ad.subcategory.category.name} > ${ad.subcategory.name}`,
      offers: {
        "@type": "Offer",
        price: ad.price_local,
        priceCurrency: ad.currency,
        availability: `https://schema.org/${ad.status_id === AD_STATUS.sold ? "SoldOut" : "InStock"}`,
        url: `${origin}${adPath(ad)}`,
        seller: { "@type": ad.user.usertype_id === 2 ? "Organization" : "Person", name: ad.user.name },
        areaServed: ad.location,
      },
    }),
  ];
};

export const handle: BreadcrumbHandle = {
  breadcrumb: (loaderData) => {
    const loaded = loaderData as Loaded;
    if ("gone" in loaded) {
      const { category, subcategory } = loaded.gone;
      return [
        { label: "Categories", to: "/categories" },
        ...(category ? [{ label: category.name, to: `/categories/${category.id}` }] : []),
        ...(category && subcategory
          ? [{ label: subcategory.name, to: `/categories/${category.id}/${subcategory.id}` }]
          : []),
      ];
    }
    const { ad } = loaded;
    return [
      { label: "Categories", to: "/categories" },
      { label: ad.subcategory.category.name, to: `/categories/${ad.category_id}` },
      { label: ad.subcategory.name, to: `/categories/${ad.category_id}/${ad.subcategory_id}` },
      { label: ad.title, to: adPath(ad) },
    ];
  },
};

export default function AdPage({ loaderData }: Route.ComponentProps) {
  if ("gone" in loaderData) return <GoneAdPage key={loaderData.gone.adId} {...loaderData.gone} />;
  // Another ad on the same route starts from its own state (rating, reviews).
  return <AdView key={loaderData.ad.id} {...loaderData} />;
}

/**
 * A gone ad, except to its seller: the server renders the page as a visitor sees it, and in the browser a signed-in
 * reader asks for the ad with their session, which the API answers for the seller of a hidden ad (decision 025).
 */
function GoneAdPage({ adId, ...gone }: GoneAdProps & { adId: string }) {
  const session = useSession();
  const mayOwn = gone.status === 410 && session.status === "signed-in";
  const own = useLoad(mayOwn ? () => getAd(authedTransport, adId) : null, [adId, mayOwn]);
  if (own.data) {
    return <AdView key={own.data.id} ad={own.data} similar={[]} bySeller={[]} reviews={null} sellerReviews={null} />;
  }
  return <GoneAd {...gone} />;
}

function AdView({ ad, similar, bySeller, reviews, sellerReviews }: AdLoaded) {
  const contact = useContactSeller(ad);
  const [params] = useSearchParams();
  const { isOwner } = contact;
  const [rating, setRating] = useAdRating(ad.id, ad.rating);
  const [insights, setInsights] = useState(false);
  // Spec §4 analytics log: opening an ad is its click, logged once a day however the ad was reached.
  useEffect(() => logAdClick(ad.id), [ad.id]);
  return (
    // On a phone the contact bar is the page's last line: no bottom padding under it.
    <div
      className={clsx("mx-auto max-w-7xl space-y-6 px-4 py-4 sm:px-6", !isOwner && "max-lg:pb-0")}
      {...{ [OPENED_AD_ATTRIBUTE]: ad.id }}
    >
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AdGallery images={ad.images} title={ad.title} />
        <div className="space-y-4">
          <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              {/* Issue 28: a sold ad's page stays readable a while with this badge; expired only its owner sees. */}
              <span
                className={clsx(
                  "rounded-full px-2 py-0.5 font-semibold",
                  ad.status_id === AD_STATUS.sold
                    ? "bg-slate-800 text-sm text-white"
                    : ad.status_id === AD_STATUS.expired
                      ? "bg-amber-100 text-amber-900"
                      : "bg-emerald-100 text-emerald-800",
                )}
              >
                {ad.status.name}
              </span>
              <span className="text-slate-500">Posted {formatDate(ad.created_at)}</span>
            </div>
            <div className="flex items-start justify-between gap-3">
              {/* A long word in a title wraps instead of pushing the page wider than a phone. */}
              <h1 className="text-xl font-semibold wrap-anywhere sm:text-2xl">{ad.title}</h1>
              <SaveToggle adId={ad.id} title={ad.title} className="shrink-0" />
            </div>
            <p className="text-2xl font-bold text-emerald-800">
              <AdPrice ad={ad} otherClassName="text-base font-medium text-slate-600" />
            </p>
            <StarRating rating={rating} />
            <SafeDealButton
              ad={ad}
              startOpen={params.has(START_DEAL_PARAM)}
              checkout={(close) => <SafeDealCheckout ad={ad} onClose={close} />}
            />
            <OwnerExpiredNotice ad={ad} />
            <OwnerActions ad={ad} />
            <OwnerBoostPanel ad={ad} />
            {isOwner && !insights && (
              <button
                type="button"
                onClick={() => setInsights(true)}
                className="rounded-lg border border-emerald-700 px-3 py-1.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
              >
                Insights
              </button>
            )}
            <p className="flex items-center gap-1 text-slate-600">
              <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
                <path
                  d="M12 21s7-6.2 7-11.5A7 7 0 0 0 5 9.5C5 14.8 12 21 12 21z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
              </svg>
              {ad.location}
            </p>
            {!isOwner && <ReportDialog target={{ adId: ad.id }} className="-ml-2" />}
          </div>
          <SellerCard
            ad={ad}
            contact={contact}
            reviews={<SellerDealReviews rating={ad.user.trust.deal_rating} page={sellerReviews} userId={ad.user_id} />}
          />
        </div>
      </div>
      {isOwner && insights ? (
        <Suspense fallback={<div className="h-96 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}>
          <AdInsights adId={ad.id} title={ad.title} onBack={() => setInsights(false)} />
        </Suspense>
      ) : (
        <>
          <AdAttributes attributes={ad.attributes} />
          <section aria-labelledby="ad-description" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="ad-description" className="mb-2 font-semibold">
              Description
            </h2>
            <p className="whitespace-pre-line break-words text-slate-700">{ad.description}</p>
          </section>
          <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
            <RatingPanel adId={ad.id} isOwner={isOwner} rating={rating} onChange={setRating} />
            <AdReviews adId={ad.id} firstPage={reviews} />
          </div>
          <RelatedAds similar={similar} bySeller={bySeller} />
        </>
      )}
      {!isOwner && (
        <ContactBar sellerName={ad.user.name} contact={contact} chatOnly={ad.status_id === AD_STATUS.sold} />
      )}
    </div>
  );
}
