import type { TReply } from "@waterside/shared/reviews";
import { REPLY_MAX, REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { useState } from "react";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
import { deleteReply } from "../api/delete-reply";
import { likeReply } from "../api/like-reply";
import { updateReply } from "../api/update-reply";
import { LikeButton } from "./like-button";
import { PostEditor } from "./post-editor";
import { PostHeader } from "./post-header";

/** One reply under a review: like, and for its author edit and delete (spec §4). */
export function ReplyItem({
  reply,
  update,
  onRemoved,
}: {
  reply: TReply;
  update: (change: (reply: TReply) => TReply) => void;
  onRemoved: () => void;
}) {
  const signedIn = useSession().status === "signed-in";
  const [editing, setEditing] = useState(false);

  async function toggleLike() {
    if (!signedIn) return openLoginPrompt("Log in to like replies.");
    const was = { is_liked: reply.is_liked, likes_count: reply.likes_count };
    update((current) => ({
      ...current,
      is_liked: !was.is_liked,
      likes_count: was.likes_count + (was.is_liked ? -1 : 1),
    }));
    try {
      const result = await likeReply(authedTransport, reply.id);
      update((current) => ({ ...current, ...result }));
    } catch {
      update((current) => ({ ...current, ...was }));
      notify("error", REVIEW_MESSAGES.replyFailed("liking"));
    }
  }

  async function remove() {
    if (!window.confirm("Delete this reply?")) return;
    try {
      await deleteReply(authedTransport, reply.id);
      onRemoved();
    } catch {
      notify("error", REVIEW_MESSAGES.replyFailed("deleting"));
    }
  }

  return (
    <li className="space-y-1 border-l-2 border-slate-100 pl-3" aria-label={`Reply by ${reply.user.name}`}>
      <PostHeader post={reply} />
      {editing ? (
        <PostEditor
          label="Edit your reply"
          max={REPLY_MAX}
          initial={reply.content}
          saveLabel="Save"
          autoFocus
          onCancel={() => setEditing(false)}
          onSave={async (content) => {
            try {
              const saved = await updateReply(authedTransport, reply.id, content);
              update(() => saved);
              setEditing(false);
              return true;
            } catch {
              notify("error", REVIEW_MESSAGES.replyFailed("updating"));
              return false;
            }
          }}
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{reply.content}</p>
      )}
      <div className="flex items-center gap-1">
        <LikeButton liked={reply.is_liked} count={reply.likes_count} what="reply" onToggle={toggleLike} />
        {reply.is_owned && !editing && (
          <>
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
            >
              Edit
            </button>
            <button
              type="button"
              onClick={remove}
              className="rounded-lg px-2 py-1 text-sm text-red-700 hover:bg-red-50"
            >
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}
