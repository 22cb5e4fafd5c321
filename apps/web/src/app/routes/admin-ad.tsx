import type { TAdminAdDetail } from "@waterside/shared/admin";
import { BRAND } from "@waterside/shared/brand";
import { AD_STATUS, USER_STATUS } from "@waterside/shared/reference-ids";
import { useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/admin-ad";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { isMissing } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { AdPrice } from "~/components/ads/ad-price";
import { AdAttributes } from "~/features/ads/components/ad-attributes";
import { AdGallery } from "~/features/ads/components/ad-gallery";
import { adminTransport, requireAdmin } from "~/features/admin/admin-session";
import { getAdminAd } from "~/features/admin/api/get-admin-ad";
import { AdOwnerCard } from "~/features/admin/components/ad-view/ad-owner-card";
import { AdReviewsReadOnly } from "~/features/admin/components/ad-view/ad-reviews-read-only";
import { AdStatusToggle } from "~/features/admin/components/ad-view/ad-status-toggle";
import { StatusBadge } from "~/features/admin/components/status-badge";

type Loaded = { state: "found"; ad: TAdminAdDetail } | { state: "missing" } | { state: "error"; message: string };

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  requireAdmin();
  let ad: TAdminAdDetail;
  try {
    ad = await getAdminAd(adminTransport, params.adId);
  } catch (error) {
    // 404, or 422 for an id that is not one.
    if (isMissing(error)) return { state: "missing" };
    return { state: "error", message: error instanceof Error ? error.message : String(error) };
  }
  // The address names the owner; a link that knew only the ad (a review's) lands on the owner's address.
  if (params.userId !== String(ad.owner.id)) throw redirect(`/admin/ads/${ad.owner.id}/${ad.id}`);
  return { state: "found", ad };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.state === "found" ? data.ad.title : "Ad"} | Admin | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

const backLinkClass = "text-sm font-medium text-emerald-800 hover:underline";

/**
 * Spec second document §2 /admin/ads/{userId}/{adId}: the ad page as an admin sees it, in any status. No owner
 * actions, saving, boosting, insights, reporting or similar ads, no review writing, and no click logged: an admin's
 * visit is not a buyer's interest.
 */
export default function AdminAdPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  if (loaderData.state === "missing") {
    return (
      <div className="mx-auto max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-xl font-semibold">Ad not found</h1>
        <p className="text-slate-600">It may have been deleted by its owner.</p>
        <Link to="/admin/ads" className={backLinkClass}>
          Back to all ads
        </Link>
      </div>
    );
  }
  if (loaderData.state === "error") {
    return (
      <div className="mx-auto max-w-xl space-y-3 rounded-xl border border-slate-200 bg-white p-8 text-center">
        <p role="alert" className="text-red-700">
          Error: {loaderData.message}
        </p>
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === "loading"}
          className={secondaryButtonClass}
        >
          {revalidator.state === "loading" ? "Loading..." : "Retry"}
        </button>
      </div>
    );
  }
  // Reloaded data (another ad, or this one changed) starts from its own state.
  return <AdminAdView key={`${loaderData.ad.id}-${loaderData.ad.updated_at}`} ad={loaderData.ad} />;
}

function AdminAdView({ ad }: { ad: TAdminAdDetail }) {
  const formatDate = useFormatDate();
  // The badge follows the toggle at once; the reply of the status call is the truth.
  const [status, setStatus] = useState(ad.status);
  const active = status.id === AD_STATUS.active;
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <Link to={`/admin/ads/${ad.owner.id}`} className={backLinkClass}>
        ← Ads by {ad.owner.name}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <AdGallery images={ad.images} title={ad.title} />
        <div className="space-y-4">
          <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span aria-live="polite">
                <span className="sr-only">Status: </span>
                <StatusBadge name={status.name} />
              </span>
              <span className="text-slate-500">Posted {formatDate(ad.created_at)}</span>
            </div>
            <h1 className="text-xl font-semibold break-words sm:text-2xl">{ad.title}</h1>
            <p className="text-2xl font-bold text-emerald-800">
              <AdPrice ad={ad} otherClassName="text-base font-medium text-slate-600" />
            </p>
            <p className="text-sm text-slate-600">
              {ad.subcategory.category.name} › {ad.subcategory.name}
            </p>
            <p className="flex items-center gap-1 text-slate-600">
              <svg viewBox="0 0 24 24" className="size-4 shrink-0" aria-hidden="true">
                <path
                  d="M12 21s7-6.2 7-11.5A7 7 0 0 0 5 9.5C5 14.8 12 21 12 21z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
                <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
              </svg>
              <span className="sr-only">Location: </span>
              {ad.location}
            </p>
            <AdStatusToggle adId={ad.id} status={status} onChange={setStatus} />
            {ad.owner.status_id === USER_STATUS.banned && (
              <p className="text-sm text-amber-800">
                The owner is banned: this ad stays offline until the owner is activated.
              </p>
            )}
          </div>
          <AdOwnerCard owner={ad.owner} adId={ad.id} />
        </div>
      </div>
      <AdAttributes attributes={ad.attributes} />
      <section aria-labelledby="ad-description" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="ad-description" className="mb-2 font-semibold">
          Description
        </h2>
        <p className="break-words whitespace-pre-line text-slate-700">{ad.description}</p>
      </section>
      <AdReviewsReadOnly adId={ad.id} active={active} />
    </div>
  );
}
