import { BRAND, SUPPORT_EMAIL } from "@waterside/shared/brand";
import { USER_TYPE } from "@waterside/shared/reference-ids";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { clsx } from "clsx";
import type { Route } from "./+types/own-profile";
import { withSignal } from "~/lib/api-client";
import { authedTransport, signOut, updateUser } from "~/lib/session";
import { requireSession } from "~/lib/require-session";
import { getCurrentUser } from "~/features/users/api/get-current-user";
import { ChangePassword } from "~/features/users/components/change-password";
import { MyAdsTab } from "~/features/selling/components/my-ads-tab";
import { DeleteAccount } from "~/features/users/components/delete-account";
import { PersonalDetails } from "~/features/users/components/personal-details";
import { ProfileHeader } from "~/features/users/components/profile-header";
import { SwitchToCompany } from "~/features/users/components/switch-to-company";
import { ReportsTab } from "~/features/reports/components/reports-tab";
import { SavedSearchesTab } from "~/features/saved-searches/components/saved-searches-tab";
import { getAdViewTotals } from "~/features/analytics/api/get-ad-view-totals";
import { DealsTab } from "~/features/deals/components/deals-tab";

// The chart library comes only with the tab that draws it.
const PerformanceTab = lazy(() => import("~/features/analytics/components/performance-tab"));
// Subscriptions and Business Plan (with the purchase modals) come with their tabs too.
const SubscriptionsTab = lazy(() => import("~/features/payments/components/subscriptions-tab"));
const BusinessPlanTab = lazy(() => import("~/features/payments/components/business-plan-tab"));

export const meta: Route.MetaFunction = () => [
  { title: `Your profile | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireSession(request);
  const user = await getCurrentUser(authedTransport);
  updateUser(user);
  return { user };
}

export function HydrateFallback() {
  return (
    <div className="mx-auto max-w-6xl animate-pulse space-y-4 px-4 py-6" aria-busy="true">
      <div className="h-28 rounded-2xl bg-slate-200" />
      <div className="h-64 rounded-2xl bg-slate-100" />
    </div>
  );
}

const getViewTotals = (adIds: number[], signal: AbortSignal) =>
  getAdViewTotals(withSignal(authedTransport, signal), adIds);

/** Spec §2 own profile side tabs. */
const TABS = [
  { id: "my-ads", label: "My Ads" },
  { id: "performance", label: "Performance" },
  { id: "details", label: "Personal Details" },
  { id: "password", label: "Change Password" },
  { id: "switch-company", label: "Switch To Company", individualOnly: true },
  { id: "deals", label: "Deals" },
  { id: "subscriptions", label: "Subscriptions" },
  { id: "reports", label: "Reports" },
  { id: "saved-searches", label: "Saved searches" },
  { id: "business-plan", label: "Business Plan" },
  { id: "support", label: "Contact Support" },
  { id: "delete-account", label: "Delete Account" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export default function OwnProfile({ loaderData }: Route.ComponentProps) {
  const [user, setUser] = useState(loaderData.user);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tabs = TABS.filter((tab) => !("individualOnly" in tab) || user.usertype_id === USER_TYPE.individual);
  const active = (tabs.find((tab) => tab.id === params.get("tab"))?.id ?? "my-ads") as TabId;
  const strip = useRef<HTMLElement>(null);

  // On a phone the tabs are a strip that scrolls sideways: the open one (from a link, or chosen) is brought into it.
  // Only the strip scrolls, never the page, so a reader further down stays where they are.
  useEffect(() => {
    const nav = strip.current;
    const tab = nav?.querySelector<HTMLElement>("[aria-current='page']");
    if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return;
    const seen = nav.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left >= seen.left && box.right <= seen.right) return;
    nav.scrollBy({ left: box.left - seen.left - (seen.width - box.width) / 2 });
  }, [active]);

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <ProfileHeader user={user} />
      <div className="grid gap-4 lg:grid-cols-[14rem_1fr]">
        <nav ref={strip} aria-label="Profile" className="-mx-4 min-w-0 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {tabs.map((tab) => (
              <li key={tab.id}>
                <button
                  type="button"
                  aria-current={active === tab.id ? "page" : undefined}
                  onClick={() => setParams({ tab: tab.id }, { replace: true })}
                  className={clsx(
                    "w-full rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap",
                    active === tab.id ? "bg-emerald-700 text-white" : "text-slate-700 hover:bg-emerald-50",
                  )}
                >
                  {tab.label}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={async () => {
                  if (await signOut()) navigate("/", { replace: true });
                }}
                className="w-full rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-red-700 hover:bg-red-50"
              >
                Logout
              </button>
            </li>
          </ul>
        </nav>
        <section
          aria-label={tabs.find((tab) => tab.id === active)?.label}
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          {active === "my-ads" && <MyAdsTab getViewTotals={getViewTotals} />}
          {active === "details" && (
            <PersonalDetails
              user={user}
              onSaved={(saved) => {
                setUser(saved);
                updateUser(saved);
              }}
            />
          )}
          {active === "password" && <ChangePassword />}
          {active === "switch-company" && (
            <SwitchToCompany
              onSwitched={(switched) => {
                setUser(switched);
                setParams({ tab: "details" }, { replace: true });
              }}
            />
          )}
          {active === "performance" && (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />}>
              <PerformanceTab />
            </Suspense>
          )}
          {active === "subscriptions" && (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />}>
              <SubscriptionsTab />
            </Suspense>
          )}
          {active === "deals" && <DealsTab />}
          {active === "reports" && <ReportsTab />}
          {active === "saved-searches" && <SavedSearchesTab />}
          {active === "business-plan" && (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />}>
              <BusinessPlanTab
                user={user}
                onSwitchToCompany={() => setParams({ tab: "switch-company" }, { replace: true })}
              />
            </Suspense>
          )}
          {active === "support" && (
            <p>
              Write to us at{" "}
              <a className="font-medium text-emerald-800 underline" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
              . We answer within one business day.
            </p>
          )}
          {active === "delete-account" && <DeleteAccount />}
        </section>
      </div>
    </div>
  );
}
