import { useState } from "react";
import { Modal } from "~/components/ui/modal";
import { discardQueuedSave } from "~/lib/saved-ads";
import { useSession } from "~/lib/session";
import { dequeueWrite, useWriteQueue, type QueuedWrite } from "~/lib/write-queue";
import { loadChatRuntime } from "~/features/chat/load-chat-runtime";
import { readOutbox, writeOutbox } from "~/features/chat/outbox";

/** One line of the queue: what it is, in the user's words, and how to discard it. */
interface QueueLine {
  id: string;
  what: string;
  detail: string;
  discard: () => void;
}

const SAVE_WORDS = { save: "Save", unsave: "Remove from saved" } as const;

/**
 * Issue 31 "queued writes", decision 104: the writes made without a connection, shown while they wait ("2 waiting to
 * send"), each listed with a Discard. They leave the list as they are sent. Nothing on the server's render.
 */
export function WriteQueueBar() {
  const session = useSession();
  const writes = useWriteQueue();
  const [open, setOpen] = useState(false);
  if (session.status !== "signed-in") return null;
  const userId = session.user.id;

  const lines: QueueLine[] = [
    ...readOutbox(userId)
      .filter((message) => message.status === "sending")
      .map((message) => ({
        id: message.clientId,
        what: `Message to ${message.toName}`,
        detail: message.text,
        discard: () => discardMessage(userId, message.clientId),
      })),
    ...writes.map((write) => ({
      id: write.key,
      what: write.kind === "ad" ? "New ad" : SAVE_WORDS[write.kind],
      detail: write.title,
      discard: () => discardWrite(userId, write),
    })),
  ];
  if (lines.length === 0) return null;
  const count = `${lines.length} waiting to send`;

  return (
    <div role="status" className="flex items-center justify-center gap-3 bg-sky-100 px-4 py-2 text-sm text-sky-950">
      <p className="font-medium">{count}</p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md px-2 py-1 font-semibold text-sky-900 underline underline-offset-2 hover:bg-sky-200"
      >
        View
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label="Waiting to send"
        className="mx-auto mt-16 w-[min(28rem,calc(100vw-1.5rem))] rounded-xl bg-white shadow-xl"
      >
        <div className="p-4">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-base font-semibold text-slate-900">{count}</h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              Close
            </button>
          </div>
          <p className="mt-1 text-sm text-slate-600">These are sent by themselves when you are back online.</p>
          <ul className="mt-3 divide-y divide-slate-200">
            {lines.map((line) => (
              <li key={line.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{line.what}</p>
                  <p className="truncate text-sm text-slate-600">{line.detail}</p>
                </div>
                <button
                  type="button"
                  onClick={line.discard}
                  aria-label={`Discard: ${line.what}, ${line.detail}`}
                  className="rounded-md px-2 py-1 text-sm font-semibold text-rose-700 hover:bg-rose-50"
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Modal>
    </div>
  );
}

/** The chat's runtime holds its outbox in memory while it runs (every signed-in page starts it): it drops it there. */
function discardMessage(userId: number, clientId: string) {
  void loadChatRuntime()
    .then(({ discardMessage }) => discardMessage(clientId))
    .catch(() => {})
    .finally(() => {
      const left = readOutbox(userId);
      if (left.some((message) => message.clientId === clientId)) {
        writeOutbox(
          userId,
          left.filter((message) => message.clientId !== clientId),
        );
      }
    });
}

function discardWrite(userId: number, write: QueuedWrite) {
  if (write.kind !== "ad") return discardQueuedSave(userId, write);
  dequeueWrite(userId, write.key);
  // The photos' store is fetched only now: no public page carries IndexedDB's library for this.
  void import("~/lib/queued-ads").then(({ removeQueuedAd }) => removeQueuedAd(write.key)).catch(() => {});
}
