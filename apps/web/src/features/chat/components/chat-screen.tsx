import type { TChatMessage } from "@waterside/shared/chat";
import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { dealOfNotice } from "@waterside/shared/deals-messages";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { clsx } from "clsx";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { Modal } from "~/components/ui/modal";
import { isChatNavigationState, type ChatNavigationState } from "~/lib/chat-navigation";
import { notify } from "~/lib/notify";
import { useOnlineContacts } from "~/lib/online-contacts";
import {
  discardMessage,
  loadChats,
  loadMoreChats,
  loadOlderMessages,
  lookUpChat,
  openConversation,
  retryMessage,
  sendMessage,
  setActiveChat,
  setBlocked,
} from "../chat-runtime";
import { findChatWith, listChats, useChatState, type PendingMessage } from "../chat-store";
import { clearNewMessages } from "../new-messages";
import { ChatList } from "./chat-list";
import { Conversation, type ChatAd } from "./conversation";
import { SellerPanel, type ChatPeer } from "./seller-panel";

/** What a chat about an ad tells the page's deal card: the person, the ad, the deal its notices name. */
export interface AdDealContext {
  peer: ChatPeer;
  ad: ChatAd;
  /** The deal whose step the chat told last (its notices' client ids name it), or null. */
  dealId: number | null;
  /** The newest message's id, which changes as each step of a deal is told in the chat. */
  lastMessageId: number | null;
}

/** The deal the newest of a conversation's deal notices is about (decision 103), or null. */
function newestDeal(messages: readonly TChatMessage[]) {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const dealId = dealOfNotice(messages[index]!.clientId);
    if (dealId !== null) return dealId;
  }
  return null;
}

/** Spec §5/§9: list search starts after more than 2 characters, 300 ms after typing stops. */
const SEARCH_MIN_LENGTH = 3;
const SEARCH_DELAY_MS = 300;
const MAX_ID = 2 ** 31 - 1;

/** An address's chat id: a number, nothing (/chat), or one that cannot be a chat. */
function parseChatId(param: string | undefined): number | null | "invalid" {
  if (param === undefined) return null;
  const id = Number(param);
  return /^\d+$/.test(param) && id > 0 && id <= MAX_ID ? id : "invalid";
}

/** The quick message of one visit to /chat is sent once, whatever re-renders or re-mounts follow. */
const sentAutoMessages = new Set<string>();
const lookedUp = new Set<string>();

/**
 * Spec §2 `/chat` and `/chat/{chatId}`: the chat list beside the conversation and the seller panel on a desktop; at
 * phone width the list and the conversation are two screens. A chat opened from an ad (navigation state
 * `isNewChat`) is local until its first message creates it (spec §4). The seller panel's report-user control is
 * another feature's: the page hands it in as `reportUser`; so is the safe deal of a chat about an ad (`adDeal`, issue
 * 33), shown under the ad.
 */
export function ChatScreen({
  chatIdParam,
  reportUser,
  adDeal,
}: {
  chatIdParam: string | undefined;
  reportUser: (peer: ChatPeer) => ReactNode;
  adDeal?: (about: AdDealContext) => ReactNode;
}) {
  const chatId = parseChatId(chatIdParam);
  const location = useLocation();
  const navigate = useNavigate();
  const newChat: ChatNavigationState | null =
    chatId === null && isChatNavigationState(location.state) ? location.state : null;

  const list = useChatState((state) => state.list);
  const chats = useChatState((state) => state.chats);
  // Presence has one record, beside the socket (lib/online-contacts.ts).
  const online = useOnlineContacts();
  const pending = useChatState((state) => state.pending);
  const connection = useChatState((state) => state.connection);
  const conversation = useChatState((state) =>
    typeof chatId === "number" ? state.conversations.get(chatId) : undefined,
  );
  const sellerId = newChat?.sellerData.id;
  const productId = newChat?.productDetails?.id ?? null;
  const existing = useChatState((state) =>
    sellerId === undefined ? undefined : findChatWith(state, sellerId, productId),
  );
  const chat = typeof chatId === "number" ? chats.get(chatId) : undefined;

  // Spec §4: opening /chat clears the red dot.
  useEffect(() => clearNewMessages(), [location.pathname]);

  const [search, setSearch] = useState("");
  const wanted = search.trim().length >= SEARCH_MIN_LENGTH ? search.trim() : "";
  const firstLoad = useRef(true);
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      void loadChats(wanted);
      return;
    }
    const timer = setTimeout(() => void loadChats(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);

  useEffect(() => {
    if (typeof chatId !== "number") return;
    setActiveChat(chatId);
    void openConversation(chatId);
    return () => setActiveChat(null);
  }, [chatId]);

  // A seller opened from an ad: their chat when it exists, else a local one; a quick message is sent at once.
  useEffect(() => {
    if (!newChat) return;
    const seller = newChat.sellerData;
    if (newChat.autoMessage && !sentAutoMessages.has(location.key)) {
      sentAutoMessages.add(location.key);
      sendMessage({
        chatId: existing?.id ?? null,
        to: seller.id,
        toName: seller.name,
        productId,
        text: newChat.autoMessage,
      });
      if (existing) void navigate(`/chat/${existing.id}`, { replace: true });
      else void navigate(location.pathname, { replace: true, state: { ...newChat, autoMessage: undefined } });
      return;
    }
    if (existing) {
      void navigate(`/chat/${existing.id}`, { replace: true });
      return;
    }
    if (lookedUp.has(location.key)) return;
    lookedUp.add(location.key);
    lookUpChat(seller).catch(() => notify("error", CHAT_MESSAGES.openError(seller.name)));
  }, [newChat, existing, productId, location.key, location.pathname, navigate]);

  const listed = useMemo(() => listChats(list, chats), [list, chats]);
  const waiting = useMemo(
    () =>
      pending.filter((item: PendingMessage) =>
        typeof chatId === "number"
          ? item.chatId === chatId
          : newChat !== null &&
            item.chatId === null &&
            item.to === newChat.sellerData.id &&
            item.productId === productId,
      ),
    [pending, chatId, newChat, productId],
  );

  const [panelOpen, setPanelOpen] = useState(false);
  const { confirm, dialog } = useConfirm();
  const showConversation = chatId !== null || newChat !== null;

  let peer: ChatPeer | null = null;
  let ad: ChatAd | null = null;
  if (chat) {
    peer = { ...chat.user, usertype: chat.user.usertype.name };
    ad = chat.productId;
  } else if (newChat) {
    peer = { ...newChat.sellerData, bio: null, usertype: null, phone_number: null };
    ad = newChat.productDetails ?? null;
  }
  const peerOnline = peer !== null && online.has(peer.id);

  const send = (text: string) => {
    if (!peer) return;
    sendMessage({
      chatId: chat?.id ?? null,
      to: peer.id,
      toName: peer.name,
      productId: chat ? (chat.productId?.id ?? null) : productId,
      text,
    });
  };

  const panel = peer && (
    <SellerPanel
      peer={peer}
      online={peerOnline}
      blockedByMe={chat?.blockedByMe ?? false}
      blockedMe={chat?.blockedMe ?? false}
      onBlockedChange={chat ? (blocked) => setBlocked(chat.id, blocked) : undefined}
      confirm={confirm}
      report={reportUser(peer)}
    />
  );

  let pane: ReactNode;
  if (chatId === "invalid" || conversation?.status === "missing") {
    pane = (
      <Notice title="Chat not found">
        This chat does not exist, or it is not one of yours.{" "}
        <Link to="/chat" className="font-medium text-emerald-800 underline">
          Back to your chats
        </Link>
      </Notice>
    );
  } else if (typeof chatId === "number" && conversation?.status === "error") {
    pane = (
      <Notice title="The chat could not be loaded">
        <button
          type="button"
          onClick={() => void openConversation(chatId)}
          className="mt-2 rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
        >
          Try again
        </button>
      </Notice>
    );
  } else if (peer && (newChat || conversation?.status === "ready")) {
    pane = (
      <Conversation
        key={chat?.id ?? `new-${peer.id}-${productId}`}
        peer={peer}
        ad={ad}
        adFooter={
          ad &&
          adDeal?.({
            peer,
            ad,
            dealId: newestDeal(conversation?.messages ?? []),
            lastMessageId: conversation?.messages.at(-1)?.id ?? null,
          })
        }
        online={peerOnline}
        messages={conversation?.messages ?? []}
        pending={waiting}
        hasOlder={conversation?.hasOlder ?? false}
        olderStatus={conversation?.olderStatus ?? "idle"}
        onLoadOlder={() => typeof chatId === "number" && void loadOlderMessages(chatId)}
        onSend={send}
        onRetry={retryMessage}
        onDiscard={discardMessage}
        blockedByMe={chat?.blockedByMe ?? false}
        blockedMe={chat?.blockedMe ?? false}
        connection={connection}
        className="flex flex-1"
        infoButton={
          <button
            type="button"
            onClick={() => setPanelOpen(true)}
            aria-label={`About ${peer.name}`}
            aria-haspopup="dialog"
            className="grid size-10 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 xl:hidden"
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        }
      />
    );
  } else if (showConversation) {
    pane = <ConversationSkeleton />;
  } else {
    pane = (
      <div className="hidden flex-1 place-items-center bg-slate-50 p-6 text-center text-slate-600 md:grid">
        <p>Choose a chat to read it, or open an ad and press Chat to write to its seller.</p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-3.5rem)] max-w-7xl sm:h-[calc(100dvh-4rem)] md:border-x md:border-slate-200">
      {/* The list's "Chats" is the page's heading wherever the list shows; a phone showing only the conversation
          gets its own, for those who find their way by headings. */}
      {showConversation && <h1 className="sr-only md:hidden">{peer ? `Chat with ${peer.name}` : "Chat"}</h1>}
      <ChatList
        className={clsx(showConversation ? "hidden md:flex" : "flex", "w-full md:w-80 md:shrink-0")}
        chats={listed}
        list={list}
        search={search}
        onSearch={setSearch}
        onRetry={() => void loadChats(wanted)}
        onLoadMore={() => void loadMoreChats()}
        selectedId={typeof chatId === "number" ? chatId : null}
        online={online}
        draft={
          newChat && !existing
            ? {
                name: newChat.sellerData.name,
                profile_image: newChat.sellerData.profile_image,
                productTitle: newChat.productDetails?.title ?? null,
              }
            : null
        }
      />
      {pane}
      {peer && (
        <aside
          aria-label={`About ${peer.name}`}
          className="hidden w-72 shrink-0 overflow-y-auto border-l border-slate-200 bg-white xl:block"
        >
          {panel}
        </aside>
      )}
      {peer && (
        <Modal
          open={panelOpen}
          onOpenChange={setPanelOpen}
          label={`About ${peer.name}`}
          className="fixed inset-y-0 right-0 left-auto h-dvh max-h-none w-80 max-w-[90vw] overflow-y-auto bg-white shadow-xl"
        >
          <div className="flex justify-end p-2">
            <button
              type="button"
              onClick={() => setPanelOpen(false)}
              aria-label="Close"
              className="grid size-9 place-items-center rounded-md hover:bg-slate-100"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {panel}
        </Modal>
      )}
      {dialog}
    </div>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid flex-1 place-items-center bg-slate-50 p-6 text-center">
      <div role="alert">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div className="mt-1 text-slate-600">{children}</div>
      </div>
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex flex-1 animate-pulse flex-col bg-white" aria-busy="true" aria-label="Loading the chat">
      <div className="flex items-center gap-3 border-b border-slate-200 p-3">
        <span className="size-10 rounded-full bg-slate-200" />
        <span className="h-4 w-32 rounded bg-slate-200" />
      </div>
      <div className="flex-1 space-y-3 bg-slate-50 p-4">
        <div className="h-10 w-2/3 rounded-2xl bg-slate-200" />
        <div className="ml-auto h-10 w-1/2 rounded-2xl bg-emerald-100" />
        <div className="h-10 w-3/5 rounded-2xl bg-slate-200" />
      </div>
    </div>
  );
}
