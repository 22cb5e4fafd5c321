import type { TChatMessage } from "@waterside/shared/chat";
import { dealOfNotice } from "@waterside/shared/deals-messages";
import { Fragment, useEffect, useLayoutEffect, useRef } from "react";
import { Link } from "react-router";
import { clsx } from "clsx";
import type { PendingMessage } from "../chat-store";
import { MessageText } from "./message-text";
import { dayLabel, messageTime, sameDay } from "./times";

interface MessageListProps {
  messages: TChatMessage[];
  pending: PendingMessage[];
  hasOlder: boolean;
  olderStatus: "idle" | "loading" | "error";
  onLoadOlder: () => void;
  /** Shown when there is nothing yet. */
  empty: string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** Whether a refused message may be tried again: not while a block stands, which would refuse it again. */
  canRetry: boolean;
}

type Item = { kind: "stored"; message: TChatMessage } | { kind: "pending"; message: PendingMessage };
const itemKey = (item: Item) => (item.kind === "stored" ? `m${item.message.id}` : `p${item.message.clientId}`);
const itemTime = (item: Item) => item.message.createdAt;

/** Near the bottom, a new message scrolls into view; a reader scrolled up to older ones is left where they are. */
const NEAR_BOTTOM_PX = 120;

/**
 * The conversation's messages, oldest first, then the user's messages not acknowledged yet. Scrolling to the top
 * loads older messages (spec §2) without moving what the reader sees.
 */
export function MessageList({
  messages,
  pending,
  hasOlder,
  olderStatus,
  onLoadOlder,
  empty,
  onRetry,
  onDiscard,
  canRetry,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: number; last?: string; height: number; nearBottom: boolean } | null>(null);

  const items: Item[] = [
    ...messages.map((message) => ({ kind: "stored" as const, message })),
    ...pending.map((message) => ({ kind: "pending" as const, message })),
  ];
  const firstId = messages[0]?.id;
  const lastItem = items.at(-1);
  const lastKey = lastItem ? itemKey(lastItem) : undefined;
  const lastIsMine = lastItem?.kind === "pending" || (lastItem?.kind === "stored" && lastItem.message.isSender);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = seen.current;
    if (!before) element.scrollTop = element.scrollHeight;
    else if (before.first !== undefined && firstId !== undefined && firstId < before.first) {
      // Older messages came in above: keep the same messages in view.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (lastKey !== before.last && (before.nearBottom || lastIsMine)) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = {
      first: firstId,
      last: lastKey,
      height: element.scrollHeight,
      nearBottom: element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [firstId, lastKey, lastIsMine]);

  // The top of the list coming into view asks for the page before.
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !hasOlder || olderStatus !== "idle") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) onLoadOlder();
      },
      { root: scroller.current, rootMargin: "200px 0px 0px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, olderStatus, onLoadOlder]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        if (!seen.current) return;
        seen.current.height = element.scrollHeight;
        seen.current.nearBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 outline-offset-[-2px]"
    >
      <div ref={top} />
      {hasOlder && (
        <div className="mb-3 text-center">
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={olderStatus === "loading"}
            className="rounded-full bg-white px-3 py-1 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 hover:bg-slate-100 disabled:opacity-60"
          >
            {olderStatus === "loading"
              ? "Loading older messages…"
              : olderStatus === "error"
                ? "Older messages could not be loaded. Try again"
                : "Load older messages"}
          </button>
        </div>
      )}
      {items.length === 0 ? (
        <p className="mt-10 text-center text-slate-600">{empty}</p>
      ) : (
        <ol className="space-y-2">
          {items.map((item, index) => {
            const previous = items[index - 1];
            const newDay = !previous || !sameDay(itemTime(previous), itemTime(item));
            return (
              <Fragment key={itemKey(item)}>
                {newDay && (
                  <li className="py-2 text-center text-xs font-medium text-slate-500" aria-hidden="true">
                    {dayLabel(itemTime(item))}
                  </li>
                )}
                <li>
                  {item.kind === "stored" && dealOfNotice(item.message.clientId) !== null ? (
                    <DealNotice message={item.message} dealId={dealOfNotice(item.message.clientId)!} />
                  ) : item.kind === "stored" ? (
                    <Bubble mine={item.message.isSender} text={item.message.text}>
                      <time dateTime={item.message.createdAt}>{messageTime(item.message.createdAt)}</time>
                      {item.message.isSender && <Ticks read={item.message.isRead} />}
                    </Bubble>
                  ) : (
                    <PendingBubble item={item.message} onRetry={onRetry} onDiscard={onDiscard} canRetry={canRetry} />
                  )}
                </li>
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/**
 * A safe deal's step, told in its chat by the server ("Safe deal · Paid, held · US$ 120.00", decision 103): shown as
 * the deal's card across the conversation, not as either person's words, with the way to the deal.
 */
function DealNotice({ message, dealId }: { message: TChatMessage; dealId: number }) {
  return (
    <div className="mx-auto flex max-w-md flex-wrap items-center justify-center gap-x-3 gap-y-1 rounded-xl bg-sky-50 px-3 py-2 text-center text-sm text-sky-950 ring-1 ring-sky-200">
      <span className="font-medium">{message.text}</span>
      <Link to={`/deals/${dealId}`} className="font-semibold text-emerald-800 underline underline-offset-2">
        Open the deal
      </Link>
      <time dateTime={message.createdAt} className="text-xs text-sky-800">
        {messageTime(message.createdAt)}
      </time>
    </div>
  );
}

/** `failed`: the user's message the server refused, which must not read as one sent. */
function Bubble({
  mine,
  failed = false,
  text,
  children,
}: {
  mine: boolean;
  failed?: boolean;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <div className={clsx("flex", mine ? "justify-end" : "justify-start")}>
      <div
        className={clsx(
          "max-w-[85%] rounded-2xl px-3 py-2 shadow-sm sm:max-w-[70%]",
          failed
            ? "rounded-br-sm bg-red-50 text-slate-900 ring-1 ring-red-300"
            : mine
              ? "rounded-br-sm bg-emerald-700 text-white"
              : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
        )}
      >
        <MessageText text={text} />
        <p
          className={clsx(
            "mt-1 flex items-center justify-end gap-1 text-[0.7rem]",
            failed ? "text-red-800" : mine ? "text-emerald-100" : "text-slate-500",
          )}
        >
          {children}
        </p>
      </div>
    </div>
  );
}

/** Sent: one tick; read by the other side: two (the socket's messages-read). */
function Ticks({ read }: { read: boolean }) {
  return (
    <span className="flex items-center gap-0.5">
      <svg viewBox="0 0 24 16" className="h-3 w-4" aria-hidden="true">
        <path d="M1 8l4 4L13 3" fill="none" stroke="currentColor" strokeWidth="2" />
        {read && <path d="M9 11l1 1L21 3" fill="none" stroke="currentColor" strokeWidth="2" />}
      </svg>
      {read ? "Read" : "Sent"}
    </span>
  );
}

/**
 * A message not acknowledged yet: Sending… (tried by itself until it is), or refused: not delivered, with the
 * server's reason, Retry (while it could pass) and Delete.
 */
function PendingBubble({
  item,
  onRetry,
  onDiscard,
  canRetry,
}: {
  item: PendingMessage;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  canRetry: boolean;
}) {
  const failed = item.status === "failed";
  const actionClass = clsx(
    "font-semibold underline underline-offset-2",
    failed ? "hover:text-red-950" : "hover:text-white",
  );
  return (
    <Bubble mine failed={failed} text={item.text}>
      {failed ? (
        <span role="alert" className="flex flex-wrap items-center justify-end gap-x-2">
          <span>Not delivered: {item.error}</span>
          {canRetry && (
            <button type="button" onClick={() => onRetry(item.clientId)} className={actionClass}>
              Retry
            </button>
          )}
          <button type="button" onClick={() => onDiscard(item.clientId)} className={actionClass}>
            Delete
          </button>
        </span>
      ) : item.stalled ? (
        <span className="flex items-center gap-2">
          <span>Waiting for connection…</span>
          <button type="button" onClick={() => onRetry(item.clientId)} className={actionClass}>
            Retry now
          </button>
        </span>
      ) : (
        <span>Sending…</span>
      )}
    </Bubble>
  );
}
