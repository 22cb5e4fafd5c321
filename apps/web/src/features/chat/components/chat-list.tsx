import type { TChat } from "@waterside/shared/chat";
import { Link } from "react-router";
import { clsx } from "clsx";
import { Avatar } from "~/components/ui/avatar";
import { inputClass } from "~/components/ui/form-field";
import type { ChatList as ChatListState } from "../chat-store";
import { OnlineDot } from "./online-dot";
import { shortTime } from "./times";

interface ChatListProps {
  chats: TChat[];
  list: ChatListState;
  /** The search as typed (the list follows it after a pause). */
  search: string;
  onSearch: (search: string) => void;
  onRetry: () => void;
  onLoadMore: () => void;
  selectedId: number | null;
  online: ReadonlySet<number>;
  /** A chat opened from an ad that has no message yet (spec §4): shown first, selected. */
  draft: { name: string; profile_image: string | null; productTitle: string | null } | null;
  className?: string;
}

/** Spec §2 chat list: unread badges, newest first, search by user name; loading, empty and error states. */
export function ChatList({
  chats,
  list,
  search,
  onSearch,
  onRetry,
  onLoadMore,
  selectedId,
  online,
  draft,
  className,
}: ChatListProps) {
  const loading = list.status === "loading" || list.status === "idle";
  return (
    <section
      aria-label="Chats"
      aria-busy={loading}
      className={clsx("min-h-0 flex-col border-slate-200 bg-white md:border-r", className)}
    >
      <div className="space-y-3 border-b border-slate-200 p-3">
        <h1 className="text-lg font-semibold">Chats</h1>
        <input
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Search by name"
          aria-label="Search chats by name"
          className={inputClass}
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {draft && (
          <div
            aria-current="page"
            className="flex items-center gap-3 border-b border-slate-100 bg-emerald-50 px-3 py-3"
          >
            <Avatar name={draft.name} url={draft.profile_image} className="size-11 shrink-0" />
            <div className="min-w-0">
              <p className="truncate font-medium">{draft.name}</p>
              <p className="truncate text-sm text-slate-600">{draft.productTitle ?? "New chat"}</p>
            </div>
          </div>
        )}
        {loading ? (
          <ChatListSkeleton />
        ) : list.status === "error" ? (
          <div role="alert" className="space-y-3 p-6 text-center">
            <p className="text-slate-700">Your chats could not be loaded.</p>
            <button
              type="button"
              onClick={onRetry}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
            >
              Try again
            </button>
          </div>
        ) : chats.length === 0 && !draft ? (
          <div className="p-6 text-center text-slate-600">
            {list.search ? (
              <p>No chats with someone named “{list.search}”.</p>
            ) : (
              <>
                <p className="font-semibold text-slate-800">No chats yet</p>
                <p className="mt-1">Open an ad and press Chat to write to its seller.</p>
              </>
            )}
          </div>
        ) : (
          <ul>
            {chats.map((chat) => (
              <li key={chat.id}>
                <ChatListItem chat={chat} selected={chat.id === selectedId} online={online.has(chat.user.id)} />
              </li>
            ))}
          </ul>
        )}
        {list.hasMore && !loading && (
          <div className="p-3">
            <button
              type="button"
              onClick={onLoadMore}
              disabled={list.moreStatus === "loading"}
              className="w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
            >
              {list.moreStatus === "loading"
                ? "Loading…"
                : list.moreStatus === "error"
                  ? "Could not load more chats. Try again"
                  : "Show more chats"}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

function ChatListItem({ chat, selected, online }: { chat: TChat; selected: boolean; online: boolean }) {
  const last = chat.lastMessage;
  return (
    <Link
      to={`/chat/${chat.id}`}
      aria-current={selected ? "page" : undefined}
      className={clsx(
        "flex items-center gap-3 border-b border-slate-100 px-3 py-3 outline-offset-[-2px] hover:bg-slate-50",
        selected && "bg-emerald-50 hover:bg-emerald-50",
      )}
    >
      <span className="relative shrink-0">
        <Avatar name={chat.user.name} url={chat.user.profile_image} className="size-11" />
        <OnlineDot online={online} className="absolute right-0 bottom-0" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={clsx("truncate", chat.unReadCount > 0 ? "font-semibold" : "font-medium")}>
            {chat.user.name}
          </span>
          {last && (
            <time dateTime={last.createdAt} className="shrink-0 text-xs text-slate-500">
              {shortTime(last.createdAt)}
            </time>
          )}
        </span>
        {chat.productId && <span className="block truncate text-xs text-emerald-800">{chat.productId.title}</span>}
        <span className="flex items-center justify-between gap-2">
          <span className={clsx("truncate text-sm", chat.unReadCount > 0 ? "text-slate-900" : "text-slate-600")}>
            {last ? `${last.isSender ? "You: " : ""}${last.text}` : ""}
          </span>
          {chat.unReadCount > 0 && (
            <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-emerald-700 px-1.5 text-xs font-semibold text-white">
              {chat.unReadCount}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}

function ChatListSkeleton() {
  return (
    <ul aria-hidden="true" className="animate-pulse">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="flex items-center gap-3 border-b border-slate-100 px-3 py-3">
          <span className="size-11 rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-1/2 rounded bg-slate-200" />
            <span className="block h-3 w-3/4 rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
