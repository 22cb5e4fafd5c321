import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/chat";
import { adPath } from "~/components/ads/ad-path";
import { browserTransport, withSignal } from "~/lib/api-client";
import { requireSession } from "~/lib/require-session";
import { useLoad } from "~/lib/use-load";
import { getAd } from "~/features/ads/api/get-ad";
import { startChat } from "~/features/chat/chat-runtime";
import { ChatScreen, type AdDealContext } from "~/features/chat/components/chat-screen";
import { ChatDeal } from "~/features/deals/components/chat-deal";
import { ReportDialog } from "~/features/reports/components/report-dialog";

export const meta: Route.MetaFunction = () => [{ title: `Chat | ${BRAND}` }, { name: "robots", content: "noindex" }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireSession(request);
  startChat();
  return null;
}

export function HydrateFallback() {
  return (
    <div className="mx-auto flex h-[calc(100dvh-3.5rem)] max-w-7xl animate-pulse sm:h-[calc(100dvh-4rem)]">
      <div className="w-full space-y-3 border-slate-200 bg-white p-3 md:w-80 md:border-r" aria-busy="true">
        <div className="h-6 w-24 rounded bg-slate-200" />
        <div className="h-11 rounded-lg bg-slate-100" />
      </div>
      <div className="hidden flex-1 bg-slate-50 md:block" />
    </div>
  );
}

/**
 * Spec §2 `/chat` and `/chat/{chatId}`: the chat, whose seller panel reports a user with the reports feature, and
 * whose conversation about an ad shows its safe deal with the deals feature (issue 33).
 */
export default function Chat({ params }: Route.ComponentProps) {
  return (
    <ChatScreen
      chatIdParam={params.chatId}
      reportUser={(peer) => (
        <ReportDialog target={{ userId: peer.id, userName: peer.name }} className="w-full justify-center" />
      )}
      adDeal={(about) => <AdDeal about={about} />}
    />
  );
}

/**
 * The chat's deal card, or the "Safe deal" entry for its buyer: the reader buys when the person they write to is the
 * ad's seller (the ads feature's public read of the ad tells).
 */
function AdDeal({ about }: { about: AdDealContext }) {
  const { ad, peer } = about;
  const seller = useLoad(
    (signal) => getAd(withSignal(browserTransport, signal), ad.id).then((read) => read.user_id),
    ad.id,
  );
  const startHref =
    seller.data === peer.id
      ? `${adPath({ id: ad.id, category_id: ad.category.id, subcategory_id: ad.subcategory_id })}?safe-deal`
      : null;
  return <ChatDeal context={{ dealId: about.dealId, lastMessageId: about.lastMessageId }} buyerStartHref={startHref} />;
}
