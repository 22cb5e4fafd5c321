import type { TDealRole } from "@waterside/shared/deals-messages";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";

type Reader = Pick<Database, "execute">;

export interface UserReviewRow {
  id: number;
  deal_id: number;
  stars: number;
  content: string;
  subject_role: TDealRole;
  author_id: number;
  author_name: string;
  author_image: string | null;
  ad_id: number | null;
  ad_title: string;
  created_at: string;
}

export async function insertUserReview(
  db: Reader,
  review: {
    dealId: number;
    authorId: number;
    subjectId: number;
    subjectRole: TDealRole;
    stars: number;
    content: string;
  },
) {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into user_reviews (deal_id, author_id, subject_id, subject_role, stars, content)
    values (${review.dealId}, ${review.authorId}, ${review.subjectId}, ${review.subjectRole}, ${review.stars},
      ${review.content})
    returning id`);
  return row!.id;
}

/** The reviews a user received (or one review), newest first, with their authors and the deal's ad. */
export async function findUserReviews(
  db: Reader,
  filter: { subjectId: number } | { reviewId: number },
  { limit, offset }: { limit: number; offset: number },
) {
  const where = "subjectId" in filter ? sql`r.subject_id = ${filter.subjectId}` : sql`r.id = ${filter.reviewId}`;
  const [rows, [count]] = await Promise.all([
    db.execute<UserReviewRow & Record<string, unknown>>(sql`
      select r.id, r.deal_id, r.stars, r.content, r.subject_role, r.author_id, u.name as author_name,
        u.profile_image as author_image, d.ad_id, d.ad_title, r.created_at
      from user_reviews r join users u on u.id = r.author_id join deals d on d.id = r.deal_id
      where ${where} and u.deleted_at is null
      order by r.created_at desc, r.id desc limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from user_reviews r join users u on u.id = r.author_id
      where ${where} and u.deleted_at is null`),
  ]);
  return { rows, total: count?.total ?? 0 };
}
