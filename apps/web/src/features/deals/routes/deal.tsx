import { BRAND } from "@waterside/shared/brand";
import type { TDeal } from "@waterside/shared/deals";
import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/deal";
import { NotFound } from "~/components/not-found";
import { isMissing } from "~/lib/api-client";
import { requireSession } from "~/lib/require-session";
import { authedTransport } from "~/lib/session";
import { getDeal } from "../api/get-deal";
import { DealView } from "../components/deal-view";

/** While the other party or the wallet may move the deal on, the page reads it again this often. */
const LIVE_REFRESH_MS = 5_000;

export const meta: Route.MetaFunction = () => [
  { title: `Safe deal | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireSession(request);
  try {
    return { deal: await getDeal(authedTransport, params.dealId) };
  } catch (error) {
    // Another's deal is a 404 like one that never was: the page does not say which.
    if (isMissing(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export function HydrateFallback() {
  return (
    <div className="mx-auto max-w-2xl animate-pulse space-y-4 px-4 py-6" aria-busy="true">
      <div className="h-16 rounded-xl bg-slate-200" />
      <div className="h-32 rounded-xl bg-slate-100" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">This deal could not be loaded</h1>
      <p className="mt-2 text-slate-600">Please reload the page.</p>
    </section>
  );
}

/**
 * Whether the deal may still change without the reader doing anything: a payment, a code, a decision, or the money
 * on its way to them (the seller's payout, the buyer's refund).
 */
function isLive(deal: TDeal) {
  switch (deal.status) {
    case "awaiting_payment":
    case "awaiting_confirmation":
    case "held":
    case "disputed":
      return true;
    case "released":
    case "refunded": {
      const paidTo = deal.status === "released" ? "seller" : "buyer";
      const settled = deal.payout?.status === "successful" || deal.payout?.status === "failed";
      return deal.kind === "safe" && deal.role === paidTo && !settled;
    }
    case "cancelled":
      return false;
  }
}

/**
 * /deals/{id} (issue 33): a deal for its buyer or seller. A step the reader takes shows its answer at once; what the
 * other party or the wallet does arrives by reading the deal again every few seconds while it can still change.
 */
export default function DealPage({ loaderData }: Route.ComponentProps) {
  const [changed, setChanged] = useState<TDeal | null>(null);
  // The reader's own step wins until a newer reading of the deal comes.
  const deal = changed && changed.updated_at >= loaderData.deal.updated_at ? changed : loaderData.deal;
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const live = isLive(deal);
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate.current();
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live]);

  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-4 sm:px-6 sm:py-6">
      <Link to="/profile?tab=deals" className="text-sm font-medium text-emerald-800 hover:underline">
        ← Your deals
      </Link>
      <DealView deal={deal} onChange={setChanged} />
    </div>
  );
}
