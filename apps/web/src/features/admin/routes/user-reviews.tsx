import type { TAdminReply, TAdminReview } from "@waterside/shared/admin-moderation";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { BRAND } from "@waterside/shared/brand";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/user-reviews";
import { ApiError, withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { usePagedList } from "~/lib/use-paged-list";
import { adminTransport, requireAdmin } from "../admin-session";
import { deleteReply } from "../api/delete-reply";
import { deleteReview } from "../api/delete-review";
import { getUserReviews } from "../api/get-user-reviews";
import { AdminPage } from "../components/admin-page";
import { ADMIN_FAILURES } from "../components/failures";
import { useConfirm } from "../components/confirm-dialog";
import { parseReviewSort, ReviewSortSelect } from "../components/reviews/review-sort";
import { UserReviewList } from "../components/reviews/user-review-list";
import { useFilters } from "../components/use-filters";

export function clientLoader() {
  requireAdmin();
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: `User reviews | Admin | ${BRAND}` },
  { name: "robots", content: "noindex" },
];

/** Someone else removed it first: the row goes all the same. */
const alreadyGone = (error: unknown) => error instanceof ApiError && error.status === 404;

const linkClass = "text-sm font-medium text-emerald-800 hover:underline";

/** Spec second document §2 /admin/users/reviews/{userId}: the reviews a user wrote and their replies. */
export default function UserReviews({ params }: Route.ComponentProps) {
  const userId = Number(params.userId);
  if (!Number.isSafeInteger(userId) || userId < 1) {
    return (
      <AdminPage title="User reviews">
        <p className="rounded-xl border border-slate-200 bg-white px-3 py-8 text-center text-slate-600">
          There is no user #{params.userId}.{" "}
          <Link to="/admin/users" className={linkClass}>
            Back to users
          </Link>
        </p>
      </AdminPage>
    );
  }
  // Another user's page starts from its own state (name, deletions).
  return <UserReviewsView key={userId} userId={userId} />;
}

/**
 * Admins read and delete, never write (spec second document §6): each review and reply has a Delete button behind a
 * confirmation, with 'Deleted!' or 'Delete failed: {message}' (§8), and the list and its counts follow at once.
 */
function UserReviewsView({ userId }: { userId: number }) {
  const { filters, setFilters } = useFilters();
  const { sort_by, sort_order } = parseReviewSort(filters.sort_by, filters.sort_order);
  const { confirm, dialog } = useConfirm();
  // Reviews deleted since the first page: the API pages by offset, so each one moved the later reviews up a place.
  const removedReviews = useRef(0);

  const list = usePagedList(
    async (page, signal) => {
      const query = { sort_by, sort_order, per_page: ADMIN_TABLE_PAGE };
      if (page === 1) {
        removedReviews.current = 0;
        return getUserReviews(withSignal(adminTransport, signal), userId, { ...query, page });
      }
      // Read again as many pages before this one as deletions shifted, so no review slips between two pages;
      // the list keeps each review once.
      const back = Math.min(page - 1, Math.ceil(removedReviews.current / ADMIN_TABLE_PAGE));
      const pages = await Promise.all(
        Array.from({ length: back + 1 }, (_, index) =>
          getUserReviews(adminTransport, userId, { ...query, page: page - back + index }),
        ),
      );
      return { ...pages[pages.length - 1]!, data: pages.flatMap((each) => each.data) };
    },
    [userId, sort_by, sort_order],
  );

  // The heading's name comes from the reviews (the users list searches, it does not look up an id); it stays once
  // known, even when the last review is deleted.
  const [name, setName] = useState<string | null>(null);
  const author = list.data?.items[0]?.user.name;
  if (author && author !== name) setName(author);

  // Deleted replies are left out as the list is drawn: the review's replies_count follows without a stale copy.
  const [deletedReplies, setDeletedReplies] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const mark = (key: string, busy: boolean) =>
    setDeleting((current) => {
      const next = new Set(current);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });

  async function removeReview(review: TAdminReview) {
    const replies = review.replies_count;
    const agreed = await confirm({
      title: "Delete this review?",
      text: `The review of “${review.ad.title}”${
        replies > 0 ? `, its ${replies === 1 ? "reply" : `${replies} replies`}` : ""
      } and its likes will be deleted for good.`,
      confirm: "Delete",
    });
    if (!agreed) return;
    const key = `review-${review.id}`;
    mark(key, true);
    try {
      await deleteReview(adminTransport, review.id);
      notify("success", ADMIN_MODERATION_MESSAGES.deleted);
      removedReviews.current += 1;
      list.remove(review);
    } catch (error) {
      notify("error", ADMIN_FAILURES.delete(error));
      if (alreadyGone(error)) {
        removedReviews.current += 1;
        list.remove(review);
      }
    } finally {
      mark(key, false);
    }
  }

  async function removeReply(review: TAdminReview, reply: TAdminReply) {
    const agreed = await confirm({
      title: "Delete this reply?",
      text: `${reply.user.name}'s reply to the review of “${review.ad.title}” will be deleted for good.`,
      confirm: "Delete",
    });
    if (!agreed) return;
    const key = `reply-${reply.id}`;
    const drop = () => setDeletedReplies((current) => new Set(current).add(reply.id));
    mark(key, true);
    try {
      await deleteReply(adminTransport, reply.id);
      notify("success", ADMIN_MODERATION_MESSAGES.deleted);
      drop();
    } catch (error) {
      notify("error", ADMIN_FAILURES.delete(error));
      if (alreadyGone(error)) drop();
    } finally {
      mark(key, false);
    }
  }

  const shown =
    list.data && deletedReplies.size > 0
      ? {
          ...list,
          data: {
            ...list.data,
            items: list.data.items.map((review) => {
              const replies = review.replies.filter((reply) => !deletedReplies.has(reply.id));
              const gone = review.replies.length - replies.length;
              return gone ? { ...review, replies, replies_count: review.replies_count - gone } : review;
            }),
          },
        }
      : list;

  return (
    <AdminPage
      title={`Reviews by ${name ?? `User #${userId}`}`}
      tools={
        <>
          <ReviewSortSelect value={{ sort_by, sort_order }} onChange={(sort) => setFilters(sort)} />
          <Link to={`/admin/ads/${userId}`} className={linkClass}>
            Ads by this user
          </Link>
          <Link to="/admin/users" className={linkClass}>
            All users
          </Link>
        </>
      }
    >
      <UserReviewList
        list={shown}
        deleting={deleting}
        onDeleteReview={(review) => void removeReview(review)}
        onDeleteReply={(review, reply) => void removeReply(review, reply)}
      />
      {dialog}
    </AdminPage>
  );
}
