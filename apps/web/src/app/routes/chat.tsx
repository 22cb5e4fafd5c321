import { BRAND } from "@waterside/shared/brand";
import type { Route } from "./+types/chat";
import { requireSession } from "~/lib/require-session";
import { startChat } from "~/features/chat/chat-runtime";
import { ChatScreen } from "~/features/chat/components/chat-screen";
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

/** Spec §2 `/chat` and `/chat/{chatId}`: the chat, whose seller panel reports a user with the reports feature. */
export default function Chat({ params }: Route.ComponentProps) {
  return (
    <ChatScreen
      chatIdParam={params.chatId}
      reportUser={(peer) => (
        <ReportDialog target={{ userId: peer.id, userName: peer.name }} className="w-full justify-center" />
      )}
    />
  );
}
