import { BRAND } from "@waterside/shared/brand";
import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/user-profile";
import { AdCard } from "~/components/ads/ad-card";
import { NoAds } from "~/components/ads/no-ads";
import { NotFound } from "~/components/not-found";
import { isMissing } from "~/lib/api-client";
import { getAdCards } from "~/features/ads/api/get-ads";
import type { BreadcrumbHandle } from "~/lib/breadcrumbs";
import { formatDate } from "~/lib/format";
import { absoluteUrl, adListJsonLd, pageMeta, siteOrigin } from "~/lib/seo";
import { adPath } from "~/components/ads/ad-path";
import { getUser } from "~/features/users/api/get-user";
import { ContactDetails } from "~/features/users/components/contact-details";
import { ProfileHeader } from "~/features/users/components/profile-header";
import { getSellerRating } from "~/features/reviews/api/get-seller-rating";
import { RatingBreakdown } from "~/features/reviews/components/rating-breakdown";
import { ReportDialog } from "~/features/reports/components/report-dialog";
import { getUserReviews } from "~/features/deals/api/get-user-reviews";
import { DealReviewsList } from "~/features/deals/components/deal-reviews-list";
import { useSession } from "~/lib/session";

/** How many of the seller's ads the profile shows. */
const PROFILE_ADS = 60;
/** A column's width: the page is max-w-6xl with px-4 (sm:px-6); the grid has gap-3 and 2, sm:3 or lg:4 columns. */
const CARD_SIZES = [
  "(min-width: 1152px) 267px",
  "(min-width: 1024px) calc(25vw - 21px)",
  "(min-width: 640px) calc((100vw - 72px) / 3)",
  "calc(50vw - 22px)",
].join(", ");

/**
 * Spec §2 /profile/{userId}, rendered on the server like the ad page so a shared profile previews. The server
 * reads it as a visitor: contact details are filled in by the browser for a signed-in user (ContactDetails).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const userId = Number(params.userId);
  if (!Number.isSafeInteger(userId) || userId < 1) throw data(null, { status: 404 });
  try {
    const [user, ads, rating, dealReviews] = await Promise.all([
      getUser(context.api, userId),
      getAdCards(context.api, { user_id: userId, per_page: PROFILE_ADS }),
      // Beyond the spec: buyers judge the seller, not only one ad. The page shows without it if it fails.
      getSellerRating(context.api, userId).catch(() => null),
      // What others said after proven deals with them (issue 33); the browser asks again if it fails here.
      getUserReviews(context.api, userId).catch(() => null),
    ]);
    return { user, ads, rating, dealReviews };
  } catch (error) {
    if (isMissing(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: `Page Not Found | ${BRAND}` }, { name: "robots", content: "noindex" }];
  const { user, ads } = loaded;
  const origin = siteOrigin(matches);
  const about = user.company?.description ?? user.bio;
  const picture = user.company?.banner_image_url ?? user.profile_image_url;
  const tags = pageMeta(
    {
      title: user.name,
      description: `${user.usertype.name} on ${BRAND} since ${formatDate(user.created_at, "month")} · ${
        about ? about.slice(0, 140) : `See ${user.name}'s ads and contact the seller.`
      }`,
      path: `/profile/${user.id}`,
      image: picture ? absoluteUrl(picture, origin) : undefined,
    },
    origin,
  );
  return [
    // A profile, not a website: the one og:type a preview reads.
    ...tags.map((tag) => ("property" in tag && tag.property === "og:type" ? { ...tag, content: "profile" } : tag)),
    adListJsonLd(
      origin,
      ads.data.map((ad) => ({ title: ad.title, price: ad.price, path: adPath(ad), image: ad.images[0]?.card_url })),
    ),
  ];
};

export const handle: BreadcrumbHandle = {
  // No data when the profile was not found: no trail over the 'Page Not Found'.
  breadcrumb: (loaderData) => {
    const user = (loaderData as Route.ComponentProps["loaderData"] | undefined)?.user;
    return user ? { label: user.name, to: `/profile/${user.id}` } : [];
  },
};

/** Spec §2 /profile/{userId}: a seller's or reviewer's profile, contact info and their ads. */
export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, ads, rating, dealReviews } = loaderData;
  const session = useSession();
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <ProfileHeader user={user} trust={user.trust} />
      <section aria-label="Contact" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="mb-2 font-semibold">Contact</h2>
        <ContactDetails user={user} />
        {user.bio && <p className="mt-3 text-slate-700">{user.bio}</p>}
        {user.company?.description && <p className="mt-3 text-slate-700">{user.company.description}</p>}
        {/* Spec §2: a report-user control for signed-in users on others' profiles; a visitor is asked to log in. */}
        {!(session.status === "signed-in" && session.user.id === user.id) && (
          <ReportDialog target={{ userId: user.id, userName: user.name }} className="mt-3 -ml-2" />
        )}
      </section>
      {rating && rating.total > 0 && (
        <section aria-label="Seller rating" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 className="mb-2 font-semibold">Rating over all their ads</h2>
          <RatingBreakdown rating={rating} />
        </section>
      )}
      <DealReviewsList userId={user.id} rating={user.trust.deal_rating} firstPage={dealReviews} />
      <section aria-label="Ads" className="space-y-3">
        <h2 className="text-lg font-semibold">Ads by {user.name}</h2>
        {ads.data.length === 0 ? (
          <NoAds />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {ads.data.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} sizes={CARD_SIZES} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** An unknown seller is the site's 'Page Not Found', inside the page's top bar and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-slate-600">This profile could not be loaded. Please reload the page.</p>
    </section>
  );
}
