import { BRAND } from "@waterside/shared/brand";
import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TPublicUser } from "@waterside/shared/users";
import { data } from "react-router";
import type { Route } from "./+types/user-profile";
import { ApiError, apiData, browserTransport } from "~/lib/api-client";
import { AdCard } from "~/components/ads/ad-card";
import { NoAds } from "~/components/ads/no-ads";
import { getAccessToken, goToLogin } from "~/lib/session";
import { ProfileHeader } from "../components/profile-header";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `${loaded.user.name} | ${BRAND}` : `Profile | ${BRAND}` },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const [user, ads] = await Promise.all([
      // Contact details come with a signed-in user's token only; a visitor sees the profile without them.
      getAccessToken().then((token) =>
        apiData<TPublicUser>(browserTransport, `/users/${Number(params.userId) || 0}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        }),
      ),
      apiData<TPaged<TAdListItem>>(browserTransport, "/ads/get", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ user_id: Number(params.userId) || undefined, per_page: 60 }),
      }),
    ]);
    return { user, ads: ads.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
    throw error;
  }
}

export function HydrateFallback() {
  return (
    <div className="mx-auto max-w-6xl animate-pulse space-y-4 px-4 py-6" aria-busy="true">
      <div className="h-28 rounded-2xl bg-slate-200" />
    </div>
  );
}

/** Spec §2 /profile/{userId}: a seller's or reviewer's profile, contact info and their ads. */
export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, ads } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <ProfileHeader user={user} />
      <section aria-label="Contact" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 className="mb-2 font-semibold">Contact</h2>
        {user.email === null ? (
          <p className="text-slate-700">
            <button type="button" onClick={goToLogin} className="font-medium text-emerald-800 underline">
              Log in
            </button>{" "}
            to see {user.name}&apos;s phone number and email.
          </p>
        ) : (
          <ul className="space-y-1 text-slate-700">
            {user.phone_number && (
              <li>
                Phone:{" "}
                <a
                  href={`tel:+${user.phone_number.replace(/\D/g, "")}`}
                  className="font-medium text-emerald-800 underline"
                >
                  {user.phone_number}
                </a>
              </li>
            )}
            <li>
              Email:{" "}
              <a href={`mailto:${user.email}`} className="font-medium text-emerald-800 underline">
                {user.email}
              </a>
            </li>
          </ul>
        )}
        {user.bio && <p className="mt-3 text-slate-700">{user.bio}</p>}
        {user.company?.description && <p className="mt-3 text-slate-700">{user.company.description}</p>}
      </section>
      <section aria-label="Ads" className="space-y-3">
        <h2 className="text-lg font-semibold">Ads by {user.name}</h2>
        {ads.length === 0 ? (
          <NoAds />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {ads.map((ad) => (
              <li key={ad.id}>
                <AdCard ad={ad} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
