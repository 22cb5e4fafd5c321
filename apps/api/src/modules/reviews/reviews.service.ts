import { imageVariantUrl } from "@waterside/shared/images";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import type {
  TLikeResult,
  TRatingResult,
  TReply,
  TReview,
  TReviewsQuery,
  TSellerRating,
} from "@waterside/shared/reviews";
import { REPLIES_PAGE, REVIEW_MESSAGES, REVIEWS_PAGE } from "@waterside/shared/reviews-messages";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { toPage } from "../../lib/paging.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { loadAdRating, toRating } from "./ad-rating.ts";
import {
  findAd,
  findFirstReplies,
  findReplies,
  findReply,
  findReplyPost,
  findReview,
  findReviewPost,
  findReviews,
  findSellerRatings,
  toggleLike,
  updateOwnRating,
  upsertRating,
  type AdStanding,
  type PostRow,
} from "./reviews.queries.ts";

/** Who deletes a review or reply: its author, or an admin moderating (the admin area calls the service). */
export type Remover = { userId: number } | "admin";

/** A review as it was when deleted: what the admin audit log keeps (decision 049). */
export interface DeletedReview {
  id: number;
  ad_id: number;
  user_id: number;
  content: string;
  likes_count: number;
  replies_count: number;
  created_at: string;
}
export interface DeletedReply {
  id: number;
  review_id: number;
  user_id: number;
  content: string;
  likes_count: number;
  created_at: string;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Ratings, reviews, replies and likes (spec §4 "Review and reply", "Rating"; §5; decision 046). A rating written
 * publishes `ratings.changed` in its transaction: the ad's visibility_score follows (decision 045).
 */
export function createReviewsService({
  db,
  events,
  mediaBaseUrl,
}: {
  db: Database;
  events: DomainEvents;
  mediaBaseUrl: string;
}) {
  const author = (row: PostRow) => ({
    id: row.user_id,
    name: row.user_name,
    profile_image_url: row.user_profile_image
      ? imageVariantUrl(row.user_profile_image, "original", mediaBaseUrl)
      : null,
  });
  const toReply = (row: PostRow, viewerId: number | null): TReply => ({
    id: row.id,
    content: row.content,
    review_id: row.parent_id,
    user_id: row.user_id,
    user: author(row),
    likes_count: row.likes_count,
    is_liked: row.is_liked,
    edited: row.edited,
    is_owned: row.user_id === viewerId,
    is_ad_owner: row.is_ad_owner,
    created_at: iso(row.created_at),
  });
  const toReview = (row: PostRow, replies: TReply[], viewerId: number | null): TReview => ({
    id: row.id,
    content: row.content,
    user_id: row.user_id,
    user: author(row),
    ad_id: row.parent_id,
    likes_count: row.likes_count,
    is_liked: row.is_liked,
    replies_count: row.replies_count,
    replies,
    edited: row.edited,
    is_owned: row.user_id === viewerId,
    is_ad_owner: row.is_ad_owner,
    created_at: iso(row.created_at),
  });

  /** An ad whose reviews the viewer may read and write on: any active ad, or their own in any state. */
  async function openAd(adId: number, viewerId: number | null): Promise<AdStanding> {
    const ad = await findAd(db, adId);
    if (!ad || (ad.status_id !== AD_STATUS.active && ad.user_id !== viewerId)) throw notFound("Ad");
    return ad;
  }

  async function ownReview(reviewId: number, userId: number) {
    const review = await findReview(db, reviewId);
    if (!review) throw notFound("Review");
    if (review.user_id !== userId) throw new HttpError(403, REVIEW_MESSAGES.notAuthor);
    return review;
  }

  async function ownReply(replyId: number, userId: number) {
    const reply = await findReply(db, replyId);
    if (!reply) throw notFound("Reply");
    if (reply.user_id !== userId) throw new HttpError(403, REVIEW_MESSAGES.notAuthor);
    return reply;
  }

  /** A review the viewer may read: on an ad they may read. */
  async function openReview(reviewId: number, viewerId: number | null) {
    const review = await findReview(db, reviewId);
    if (!review) throw notFound("Review");
    const ad = await openAd(review.ad_id, viewerId).catch(() => {
      throw notFound("Review");
    });
    return { review, ad };
  }

  return {
    async rate(userId: number, adId: number, stars: number): Promise<TRatingResult & { created: boolean }> {
      const ad = await findAd(db, adId);
      if (!ad || ad.status_id !== AD_STATUS.active) throw notFound("Ad");
      if (ad.user_id === userId) throw fieldError("ad_id", REVIEW_MESSAGES.ownAdRating);
      const { id, created } = await events.transaction(db, async (tx, publish) => {
        const written = await upsertRating(tx, userId, adId, stars);
        await publish("ratings.changed", { adIds: [adId] });
        return written;
      });
      return { id, ad_id: adId, stars, created, rating: await loadAdRating(db, adId, userId) };
    },

    async changeRating(userId: number, ratingId: number, stars: number): Promise<TRatingResult> {
      const row = await events.transaction(db, async (tx, publish) => {
        const written = await updateOwnRating(tx, ratingId, userId, stars);
        if (written) await publish("ratings.changed", { adIds: [written.ad_id] });
        return written;
      });
      if (!row) throw notFound("Rating");
      return { id: row.id, ad_id: row.ad_id, stars, rating: await loadAdRating(db, row.ad_id, userId) };
    },

    async adRating(adId: number, viewerId: number | null) {
      await openAd(adId, viewerId);
      return loadAdRating(db, adId, viewerId ?? undefined);
    },

    async sellerRating(sellerId: number): Promise<TSellerRating> {
      const { counts, total, average } = toRating(
        (await findSellerRatings(db, sellerId)).map((row) => ({ ...row, own_id: null })),
      );
      return { counts, total, average };
    },

    async listReviews(adId: number, viewerId: number | null, query: TReviewsQuery, pageUrl: string) {
      const ad = await openAd(adId, viewerId);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? REVIEWS_PAGE;
      const sortBy = query.sort_by ?? "created_at";
      const order = query.sort_order ?? "desc";
      const { rows, total } = await findReviews(db, ad, viewerId, {
        sortBy,
        order,
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      const replies = await findFirstReplies(
        db,
        rows.map((row) => row.id),
        ad.user_id,
        viewerId,
        REPLIES_PAGE,
      );
      const reviews = rows.map((row) =>
        toReview(
          row,
          replies.filter((reply) => reply.parent_id === row.id).map((reply) => toReply(reply, viewerId)),
          viewerId,
        ),
      );
      const { per_page, sort_by, sort_order } = query;
      return toPage(reviews, total, page, perPage, { path: pageUrl, query: { per_page, sort_by, sort_order } });
    },

    async createReview(userId: number, adId: number, content: string): Promise<TReview> {
      await openAd(adId, userId);
      const [row] = await db.execute<{ id: number }>(sql`
        insert into reviews (ad_id, user_id, content) values (${adId}, ${userId}, ${content}) returning id`);
      return toReview((await findReviewPost(db, row!.id, userId))!, [], userId);
    },

    async updateReview(userId: number, reviewId: number, content: string): Promise<TReview> {
      const review = await ownReview(reviewId, userId);
      await db.execute(sql`
        update reviews set content = ${content}, edited = edited or content <> ${content}, updated_at = now()
        where id = ${reviewId}`);
      const row = (await findReviewPost(db, reviewId, userId))!;
      const ad = (await findAd(db, review.ad_id))!;
      const replies = await findFirstReplies(db, [reviewId], ad.user_id, userId, REPLIES_PAGE);
      return toReview(
        row,
        replies.map((reply) => toReply(reply, userId)),
        userId,
      );
    },

    /**
     * Deletes a review with its replies and likes (cascade). With `record` (an admin's audit), the deleted review is
     * recorded in the delete's transaction, and a delete that finds nothing to remove (a racing delete won) answers
     * 404 instead of succeeding silently.
     */
    async deleteReview(remover: Remover, reviewId: number, record?: RecordChange) {
      if (remover === "admin") {
        if (!(await findReview(db, reviewId))) throw notFound("Review");
      } else {
        await ownReview(reviewId, remover.userId);
      }
      await db.transaction(async (tx) => {
        const [deleted] = await tx.execute<DeletedReview & Record<string, unknown>>(sql`
          delete from reviews where id = ${reviewId}
          returning id, ad_id, user_id, content, likes_count, replies_count, created_at`);
        if (!record) return;
        if (!deleted) throw notFound("Review");
        const before: DeletedReview = { ...deleted, created_at: iso(deleted.created_at) };
        await record(tx, { action: "review.delete", targetType: "review", targetId: reviewId, before });
      });
    },

    async likeReview(userId: number, reviewId: number): Promise<TLikeResult> {
      await openReview(reviewId, userId);
      return db.transaction((tx) => toggleLike(tx, "review", reviewId, userId));
    },

    async listReplies(
      reviewId: number,
      viewerId: number | null,
      query: { page?: number; per_page?: number },
      pageUrl: string,
    ) {
      const { ad } = await openReview(reviewId, viewerId);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? REPLIES_PAGE;
      const { rows, total } = await findReplies(db, reviewId, ad.user_id, viewerId, {
        limit: perPage,
        offset: (page - 1) * perPage,
      });
      return toPage(
        rows.map((row) => toReply(row, viewerId)),
        total,
        page,
        perPage,
        { path: pageUrl, query: { per_page: query.per_page } },
      );
    },

    async createReply(userId: number, reviewId: number, content: string): Promise<TReply> {
      await openReview(reviewId, userId);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.execute<{ id: number }>(sql`
          insert into replies (review_id, user_id, content) values (${reviewId}, ${userId}, ${content}) returning id`);
        await tx.execute(sql`update reviews set replies_count = replies_count + 1 where id = ${reviewId}`);
        return row!.id;
      });
      return toReply((await findReplyPost(db, id, userId))!, userId);
    },

    async updateReply(userId: number, replyId: number, content: string): Promise<TReply> {
      await ownReply(replyId, userId);
      await db.execute(sql`
        update replies set content = ${content}, edited = edited or content <> ${content}, updated_at = now()
        where id = ${replyId}`);
      return toReply((await findReplyPost(db, replyId, userId))!, userId);
    },

    /** Deletes a reply, moving its review's counter; `record` as for a review. */
    async deleteReply(remover: Remover, replyId: number, record?: RecordChange) {
      const reply = remover === "admin" ? await findReply(db, replyId) : await ownReply(replyId, remover.userId);
      if (!reply) throw notFound("Reply");
      await db.transaction(async (tx) => {
        const [removed] = await tx.execute<DeletedReply & Record<string, unknown>>(sql`
          delete from replies where id = ${replyId}
          returning id, review_id, user_id, content, likes_count, created_at`);
        // A second delete racing this one removed nothing, and moves no counter.
        if (removed) {
          await tx.execute(sql`update reviews set replies_count = replies_count - 1 where id = ${reply.review_id}`);
        }
        if (!record) return;
        if (!removed) throw notFound("Reply");
        const before: DeletedReply = { ...removed, created_at: iso(removed.created_at) };
        await record(tx, { action: "reply.delete", targetType: "reply", targetId: replyId, before });
      });
    },

    async likeReply(userId: number, replyId: number): Promise<TLikeResult> {
      const reply = await findReply(db, replyId);
      if (!reply) throw notFound("Reply");
      await openReview(reply.review_id, userId);
      return db.transaction((tx) => toggleLike(tx, "reply", replyId, userId));
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
