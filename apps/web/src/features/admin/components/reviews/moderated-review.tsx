import type { TAdminReply, TAdminReview } from "@waterside/shared/admin-moderation";
import { Link } from "react-router";
import { PostView } from "./post-view";

const deleteButtonClass =
  "rounded-lg border border-red-200 bg-white px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * One review a user wrote, as moderation shows it (spec second document §2 /admin/users/reviews/{userId}): the ad it
 * is about, the review, and every reply under it, each with its Delete button; nothing to write (§6). `deleting`
 * holds the keys ('review-1', 'reply-2') of the deletions under way, whose buttons wait.
 */
export function ModeratedReview({
  review,
  deleting,
  onDeleteReview,
  onDeleteReply,
}: {
  review: TAdminReview;
  deleting: ReadonlySet<string>;
  onDeleteReview: (review: TAdminReview) => void;
  onDeleteReply: (review: TAdminReview, reply: TAdminReply) => void;
}) {
  const headingId = `review-${review.id}-ad`;
  const busy = deleting.has(`review-${review.id}`);
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-sm text-slate-600">
        {/* The ad view takes any user id in its address and moves to the owner's (the review names only the ad). */}
        On{" "}
        <Link
          to={`/admin/ads/${review.user_id}/${review.ad.id}`}
          className="font-semibold break-words text-emerald-800 hover:underline"
        >
          {review.ad.title}
        </Link>
      </h2>
      <PostView
        post={review}
        linkAuthor={false}
        actions={
          <button type="button" onClick={() => onDeleteReview(review)} disabled={busy} className={deleteButtonClass}>
            {busy ? "Deleting..." : "Delete review"}
          </button>
        }
      >
        <p className="pt-1 text-xs font-medium text-slate-600">
          {review.replies_count === 1 ? "1 reply" : `${review.replies_count.toLocaleString("en-US")} replies`}
        </p>
        {review.replies.length > 0 && (
          <ul className="space-y-3 border-l-2 border-slate-100 pl-3 sm:ml-3">
            {review.replies.map((reply) => {
              const replyBusy = busy || deleting.has(`reply-${reply.id}`);
              return (
                <li key={reply.id} aria-label={`Reply by ${reply.user.name}`}>
                  <PostView
                    post={reply}
                    actions={
                      <button
                        type="button"
                        onClick={() => onDeleteReply(review, reply)}
                        disabled={replyBusy}
                        className={deleteButtonClass}
                      >
                        {replyBusy ? "Deleting..." : "Delete reply"}
                      </button>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </PostView>
    </article>
  );
}
