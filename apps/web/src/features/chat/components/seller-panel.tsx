import { CHAT_BIO_PREVIEW } from "@waterside/shared/chat-messages";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import type { useConfirm } from "~/components/ui/confirm-dialog";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { callLink } from "~/lib/phone-links";
import { OnlineDot } from "./online-dot";

export interface ChatPeer {
  id: number;
  name: string;
  profile_image: string | null;
  bio: string | null;
  usertype: string | null;
  phone_number: string | null;
}

/** Spec §2: the bio's preview, cut at 50 characters (never inside an emoji). */
export function bioPreview(bio: string) {
  const characters = Array.from(bio.trim());
  return characters.length > CHAT_BIO_PREVIEW ? `${characters.slice(0, CHAT_BIO_PREVIEW).join("")}…` : bio.trim();
}

/**
 * Spec §2 seller info panel: photo, name, online dot, bio preview and a link to the profile; beyond the spec, the
 * phone number the chat carries (decision 039), Block (after the product's confirmation, decision 063) / Unblock with
 * what a block means, and Report user.
 */
export function SellerPanel({
  peer,
  online,
  blockedByMe,
  blockedMe,
  onBlockedChange,
  confirm,
  report,
}: {
  peer: ChatPeer;
  online: boolean;
  blockedByMe: boolean;
  blockedMe: boolean;
  /** Absent while the chat is local: there is nothing to block yet. */
  onBlockedChange?: (blocked: boolean) => Promise<void>;
  /**
   * The screen's confirmation dialog: rendered by the screen, outside the <dialog> this panel sits in on a phone, as
   * React passes a nested dialog's close on to the outer one (facebook/react#34038) and would close the panel too.
   */
  confirm: ReturnType<typeof useConfirm>["confirm"];
  /** The report-user control (the reports feature's, handed in by the page). */
  report: ReactNode;
}) {
  const [busy, setBusy] = useState(false);

  async function toggleBlock() {
    if (!onBlockedChange) return;
    const blocking = !blockedByMe;
    // Unblocking only gives back what the user had; blocking cuts a conversation off, so it is asked first.
    if (
      blocking &&
      !(await confirm({
        title: `Block ${peer.name}?`,
        text: `Neither of you will be able to send messages to the other until you unblock ${peer.name}. ${peer.name} will see that they cannot write to you.`,
        confirm: "Block",
      }))
    ) {
      return;
    }
    setBusy(true);
    try {
      await onBlockedChange(blocking);
      notify("success", blockedByMe ? `${peer.name} is unblocked.` : `${peer.name} is blocked.`);
    } catch (error) {
      notify("error", error instanceof ApiError ? error.message : "Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4 p-4">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="relative">
          <Avatar name={peer.name} url={peer.profile_image} className="size-20 text-2xl" />
          <OnlineDot online={online} className="absolute right-1 bottom-1 size-4" />
        </span>
        <div>
          <p className="text-lg font-semibold">{peer.name}</p>
          <p className="text-sm text-slate-600">
            {peer.usertype ? `${peer.usertype} · ` : ""}
            {online ? "Online" : "Offline"}
          </p>
        </div>
      </div>
      {peer.bio && <p className="text-sm text-slate-700">{bioPreview(peer.bio)}</p>}
      <Link to={`/profile/${peer.id}`} className={`${secondaryButtonClass} w-full`}>
        View profile
      </Link>
      {peer.phone_number && (
        <p className="text-center text-sm">
          <a href={callLink(peer.phone_number)} className="font-medium text-emerald-800 underline">
            Call {peer.phone_number}
          </a>
        </p>
      )}
      {blockedByMe && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          You blocked {peer.name}: neither of you can write in this chat until you unblock them.
        </p>
      )}
      {blockedMe && !blockedByMe && (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {peer.name} has blocked you: you cannot send messages in this chat.
        </p>
      )}
      {onBlockedChange && (
        <button
          type="button"
          onClick={toggleBlock}
          disabled={busy}
          className="w-full rounded-lg border border-red-300 px-4 py-2.5 font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {blockedByMe ? `Unblock ${peer.name}` : `Block ${peer.name}`}
        </button>
      )}
      {/* Issue 13: the report-user link of the chat panel is the user report (decision 043). */}
      {report}
    </div>
  );
}
