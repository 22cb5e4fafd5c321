import type { TAdminReply, TAdminReview, TAdminReviewsQuery } from "@waterside/shared/admin-moderation";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { ADMIN_MODERATION_MESSAGES } from "@waterside/shared/admin-moderation-messages";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { fieldError } from "../../plugins/errors.ts";
import type { ReviewsService } from "../reviews/reviews.service.ts";
import { auditedBy } from "./admin-audit.ts";
import { toPage } from "../../lib/paging.ts";

const iso = (value: string | Date) => new Date(value).toISOString();

interface ReviewRow {
  id: number;
  content: string;
  user_id: number;
  user_name: string;
  ad_id: number;
  ad_title: string;
  likes_count: number;
  replies_count: number;
  edited: boolean;
  created_at: string;
}
interface ReplyRow {
  id: number;
  content: string;
  review_id: number;
  user_id: number;
  user_name: string;
  likes_count: number;
  edited: boolean;
  created_at: string;
}

const toReply = (row: ReplyRow): TAdminReply => ({
  id: row.id,
  content: row.content,
  review_id: row.review_id,
  user_id: row.user_id,
  user: { id: row.user_id, name: row.user_name },
  likes_count: row.likes_count,
  edited: row.edited,
  created_at: iso(row.created_at),
});

/**
 * A user's reviews for moderation (spec §7 "Reviews of a user", /admin/users/reviews/{userId}) and their removal
 * through the reviews service, which keeps the counters exact (decision 046); each removal is audited in its own
 * transaction with the deleted content (decision 049).
 */
export function createAdminReviewsService(db: Database, reviews: ReviewsService) {
  return {
    async list(query: TAdminReviewsQuery, path: string) {
      const userId = query.user_id;
      if (userId === undefined) throw fieldError("user_id", ADMIN_MODERATION_MESSAGES.userIdRequired);
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const order = sql.raw(query.sort_order === "asc" ? "asc" : "desc");
      const orderBy =
        query.sort_by === "likes_count"
          ? sql`r.likes_count ${order}, r.created_at ${order}, r.id ${order}`
          : sql`r.created_at ${order}, r.id ${order}`;
      const [rows, [counted]] = await Promise.all([
        db.execute<ReviewRow & Record<string, unknown>>(sql`
          select r.id, r.content, r.user_id, u.name as user_name, r.ad_id, a.title as ad_title,
            r.likes_count, r.replies_count, r.edited, r.created_at
          from reviews r
          join users u on u.id = r.user_id
          join ads a on a.id = r.ad_id
          where r.user_id = ${userId}
          order by ${orderBy}
          limit ${perPage} offset ${(page - 1) * perPage}`),
        db.execute<{ total: number }>(sql`select count(*)::int as total from reviews where user_id = ${userId}`),
      ]);
      const ids = rows.map((row) => row.id);
      const replies = ids.length
        ? await db.execute<ReplyRow & Record<string, unknown>>(sql`
            select p.id, p.content, p.review_id, p.user_id, u.name as user_name, p.likes_count, p.edited, p.created_at
            from replies p
            join users u on u.id = p.user_id
            where p.review_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
            order by p.created_at, p.id`)
        : [];
      const items = rows.map((row): TAdminReview => ({
        id: row.id,
        content: row.content,
        user_id: row.user_id,
        user: { id: row.user_id, name: row.user_name },
        ad_id: row.ad_id,
        ad: { id: row.ad_id, title: row.ad_title },
        likes_count: row.likes_count,
        replies_count: row.replies_count,
        replies: replies.filter((reply) => reply.review_id === row.id).map(toReply),
        edited: row.edited,
        created_at: iso(row.created_at),
      }));
      return toPage(items, counted?.total ?? 0, page, perPage, { path, query });
    },

    deleteReview: (adminId: number, reviewId: number) => reviews.deleteReview("admin", reviewId, auditedBy(adminId)),

    deleteReply: (adminId: number, replyId: number) => reviews.deleteReply("admin", replyId, auditedBy(adminId)),
  };
}

export type AdminReviewsService = ReturnType<typeof createAdminReviewsService>;
