import type { TChatMessage } from "@waterside/shared/chat";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { clsx } from "clsx";
import { adPath } from "~/components/ads/ad-path";
import { Avatar } from "~/components/ui/avatar";
import { formatPrice } from "~/lib/format";
import type { ChatState, PendingMessage } from "../chat-store";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { OnlineDot } from "./online-dot";

/** The ad a chat is about (spec §2 `productDetails`). */
export interface ChatAd {
  id: number;
  title: string;
  image: string | null;
  price?: number;
  category: { id: number; name: string };
  subcategory_id: number;
}

interface ConversationProps {
  peer: { id: number; name: string; profile_image: string | null };
  ad: ChatAd | null;
  /** Under the ad: what another feature adds about it (the safe deal's card). */
  adFooter?: ReactNode;
  online: boolean;
  messages: TChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  olderStatus: "idle" | "loading" | "error";
  onLoadOlder: () => void;
  onSend: (text: string) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  blockedByMe: boolean;
  blockedMe: boolean;
  connection: ChatState["connection"];
  /** Opens the seller panel where it is not beside the conversation. */
  infoButton: ReactNode;
  className?: string;
}

/** Spec §2 conversation: who and what it is about, the messages, and the box to write in. */
export function Conversation(props: ConversationProps) {
  const { peer, ad, online, blockedByMe, blockedMe } = props;
  const blocked = blockedByMe || blockedMe;
  return (
    <section aria-label={`Chat with ${peer.name}`} className={clsx("min-h-0 flex-col bg-white", props.className)}>
      <ConversationHeader peer={peer} online={online} infoButton={props.infoButton} />
      {ad && <AdLink ad={ad} />}
      {props.adFooter}
      {props.connection === "offline" && (
        <p role="status" className="bg-amber-50 px-3 py-2 text-sm text-amber-900">
          You are offline. Your messages will be sent when you are back online.
        </p>
      )}
      <MessageList
        messages={props.messages}
        pending={props.pending}
        hasOlder={props.hasOlder}
        olderStatus={props.olderStatus}
        onLoadOlder={props.onLoadOlder}
        onRetry={props.onRetry}
        onDiscard={props.onDiscard}
        canRetry={!blocked}
        empty={`Say hello to ${peer.name}${ad ? ` about “${ad.title}”` : ""}.`}
      />
      {/* The region is always there, so a block that comes live (decision 063) is announced when it is told. */}
      <div role="status">
        {blocked && (
          <p className="border-t border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700">
            {blockedByMe
              ? `You blocked ${peer.name}. Unblock them in their panel to write again.`
              : `${peer.name} has blocked you: you cannot send messages in this chat.`}
          </p>
        )}
      </div>
      {/* Disabled, not removed: what the user was typing when the block came stays in the box. */}
      <Composer
        onSend={props.onSend}
        disabled={blocked}
        placeholder={blocked ? "You cannot send messages in this chat" : undefined}
      />
    </section>
  );
}

function ConversationHeader({
  peer,
  online,
  infoButton,
}: {
  peer: ConversationProps["peer"];
  online: boolean;
  infoButton: ReactNode;
}) {
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 px-2 py-2 sm:px-3">
      <Link
        to="/chat"
        aria-label="Back to chats"
        className="grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Link>
      <span className="relative shrink-0">
        <Avatar name={peer.name} url={peer.profile_image} className="size-10" />
        <OnlineDot online={online} className="absolute right-0 bottom-0" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{peer.name}</h2>
        <p className="text-xs text-slate-600" aria-hidden="true">
          {online ? "Online" : "Offline"}
        </p>
      </div>
      {infoButton}
    </header>
  );
}

/** The ad the chat is about, linking to its page. */
function AdLink({ ad }: { ad: ChatAd }) {
  return (
    <Link
      to={adPath({ id: ad.id, category_id: ad.category.id, subcategory_id: ad.subcategory_id })}
      className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 hover:bg-emerald-50"
    >
      {ad.image ? (
        <img src={ad.image} alt="" width={48} height={48} className="size-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="size-12 shrink-0 rounded-lg bg-slate-200" aria-hidden="true" />
      )}
      <span className="min-w-0">
        <span className="block truncate text-sm font-medium text-slate-900">{ad.title}</span>
        <span className="block text-xs text-slate-600">
          {ad.price !== undefined ? `${formatPrice(ad.price)} · ` : ""}
          {ad.category.name}
        </span>
      </span>
    </Link>
  );
}
