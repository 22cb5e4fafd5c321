import type { TReply } from "@waterside/shared/reviews";
import { REPLY_MAX } from "@waterside/shared/reviews-messages";
import { authedTransport } from "~/lib/session";
import { deleteReply } from "../api/delete-reply";
import { likeReply } from "../api/like-reply";
import { updateReply } from "../api/update-reply";
import { usePostActions } from "../hooks/use-post-actions";
import { LikeButton } from "./like-button";
import { OwnPostButtons } from "./own-post-buttons";
import { PostEditor } from "./post-editor";
import { PostHeader } from "./post-header";

const REPLY_CALLS = {
  like: (id: number) => likeReply(authedTransport, id),
  remove: (id: number) => deleteReply(authedTransport, id),
  save: (id: number, content: string) => updateReply(authedTransport, id, content),
};

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
  const actions = usePostActions({ post: reply, what: "reply", update, onRemoved, calls: REPLY_CALLS });

  return (
    <li className="space-y-1 border-l-2 border-slate-100 pl-3" aria-label={`Reply by ${reply.user.name}`}>
      <PostHeader post={reply} />
      {actions.editing ? (
        <PostEditor
          label="Edit your reply"
          max={REPLY_MAX}
          initial={reply.content}
          saveLabel="Save"
          autoFocus
          onCancel={() => actions.setEditing(false)}
          onSave={actions.save}
        />
      ) : (
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{reply.content}</p>
      )}
      <div className="flex items-center gap-1">
        <LikeButton liked={reply.is_liked} count={reply.likes_count} what="reply" onToggle={actions.toggleLike} />
        {reply.is_owned && !actions.editing && (
          <OwnPostButtons onEdit={() => actions.setEditing(true)} onDelete={actions.remove} />
        )}
      </div>
      {actions.dialog}
    </li>
  );
}
