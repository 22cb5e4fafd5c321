import type { TReply, TReview } from "@waterside/shared/reviews";
import { REPLY_MAX, REVIEW_MAX, REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { useState } from "react";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { browserTransport } from "~/lib/api-client";
import { authedTransport } from "~/lib/session";
import { createReply } from "../api/create-reply";
import { deleteReview } from "../api/delete-review";
import { getReplies } from "../api/get-replies";
import { likeReview } from "../api/like-review";
import { updateReview } from "../api/update-review";
import { usePostActions } from "../hooks/use-post-actions";
import { LikeButton } from "./like-button";
import { OwnPostButtons } from "./own-post-buttons";
import { PostEditor } from "./post-editor";
import { PostHeader } from "./post-header";
import { ReplyItem } from "./reply-item";

const REVIEW_CALLS = {
  like: (id: number) => likeReview(authedTransport, id),
  remove: (id: number) => deleteReview(authedTransport, id),
  // An edit comes back with the first replies: those already loaded, maybe more, stay.
  save: (id: number, content: string) =>
    updateReview(authedTransport, id, content).then(({ replies: _replies, ...review }) => review),
};

/** One review with its replies (first page embedded, more by paging of 5) and the reply box (spec §2, §4). */
export function ReviewItem({
  review,
  update,
  onRemoved,
}: {
  review: TReview;
  update: (change: (review: TReview) => TReview) => void;
  onRemoved: () => void;
}) {
  const actions = usePostActions({ post: review, what: "review", update, onRemoved, calls: REVIEW_CALLS });
  const { signedIn } = actions;
  const [replying, setReplying] = useState(false);
  const [repliesPage, setRepliesPage] = useState(1);
  const [loadingReplies, setLoadingReplies] = useState(false);
  const replies = review.replies;
  const setReplies = (change: (replies: TReply[]) => TReply[]) =>
    update((current) => ({ ...current, replies: change(current.replies) }));

  async function moreReplies() {
    setLoadingReplies(true);
    try {
      const page = await getReplies(signedIn ? authedTransport : browserTransport, review.id, repliesPage + 1);
      setReplies((current) => [...current, ...page.data.filter((reply) => !current.some((r) => r.id === reply.id))]);
      setRepliesPage(page.current_page);
    } catch {
      notify("error", REVIEW_MESSAGES.fetchRepliesFailed);
    } finally {
      setLoadingReplies(false);
    }
  }

  return (
    <li className="space-y-2 py-4" aria-label={`Review by ${review.user.name}`}>
      <PostHeader post={review} />
      {actions.editing ? (
        <PostEditor
          label="Edit your review"
          max={REVIEW_MAX}
          initial={review.content}
          saveLabel="Save"
          autoFocus
          onCancel={() => actions.setEditing(false)}
          onSave={actions.save}
        />
      ) : (
        <p className="break-words whitespace-pre-line text-slate-800">{review.content}</p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        <LikeButton liked={review.is_liked} count={review.likes_count} what="review" onToggle={actions.toggleLike} />
        <button
          type="button"
          aria-expanded={replying}
          onClick={() => (signedIn ? setReplying(!replying) : openLoginPrompt("Log in to reply to reviews."))}
          className="rounded-lg px-2 py-1 text-sm text-slate-600 hover:bg-slate-100"
        >
          Reply
        </button>
        {review.is_owned && !actions.editing && (
          <OwnPostButtons onEdit={() => actions.setEditing(true)} onDelete={actions.remove} />
        )}
      </div>
      {(replies.length > 0 || replying) && (
        <div className="ml-4 space-y-3 sm:ml-10">
          {replies.length > 0 && (
            <ul className="space-y-3" aria-label="Replies">
              {replies.map((reply) => (
                <ReplyItem
                  key={reply.id}
                  reply={reply}
                  update={(change) => setReplies((current) => current.map((r) => (r.id === reply.id ? change(r) : r)))}
                  onRemoved={() => {
                    setReplies((current) => current.filter((r) => r.id !== reply.id));
                    update((current) => ({ ...current, replies_count: current.replies_count - 1 }));
                  }}
                />
              ))}
            </ul>
          )}
          {review.replies_count > replies.length && (
            <button
              type="button"
              disabled={loadingReplies}
              onClick={moreReplies}
              className="text-sm font-medium text-emerald-800 hover:underline disabled:opacity-60"
            >
              {loadingReplies ? "Loading..." : `More replies (${review.replies_count - replies.length})`}
            </button>
          )}
          {replying && (
            <PostEditor
              label="Write a reply"
              max={REPLY_MAX}
              saveLabel="Send reply"
              autoFocus
              onCancel={() => setReplying(false)}
              onSave={async (content) => {
                try {
                  const reply = await createReply(authedTransport, review.id, content);
                  // A new reply shows at the end of what is loaded; paging later skips it by id.
                  setReplies((current) => [...current, reply]);
                  update((current) => ({ ...current, replies_count: current.replies_count + 1 }));
                  setReplying(false);
                  return true;
                } catch {
                  notify("error", REVIEW_MESSAGES.replyFailed("creating"));
                  return false;
                }
              }}
            />
          )}
        </div>
      )}
      {actions.dialog}
    </li>
  );
}
