import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database, "execute">;

/** A review or reply as the ad page reads it, from the point of view of `viewerId` (null for a visitor). */
export interface PostRow {
  id: number;
  parent_id: number;
  content: string;
  user_id: number;
  user_name: string;
  user_profile_image: string | null;
  likes_count: number;
  replies_count: number;
  edited: boolean;
  is_liked: boolean;
  is_ad_owner: boolean;
  created_at: string;
}

/** The ad a review belongs to, with what decides who may see and write on it. */
export interface AdStanding {
  id: number;
  user_id: number;
  status_id: number;
}

export async function findAd(db: Reader, adId: number): Promise<AdStanding | undefined> {
  const rows = await db.execute<AdStanding & Record<string, unknown>>(sql`
    select a.id, a.user_id, a.status_id from ads a join users u on u.id = a.user_id
    where a.id = ${adId} and u.deleted_at is null`);
  return rows[0];
}

/** A review with the ad it is on, for the author checks and the ad-visibility rule of replies. */
export async function findReview(db: Reader, reviewId: number) {
  const rows = await db.execute<{ id: number; user_id: number; ad_id: number } & Record<string, unknown>>(sql`
    select id, user_id, ad_id from reviews where id = ${reviewId}`);
  return rows[0];
}

export async function findReply(db: Reader, replyId: number) {
  const rows = await db.execute<{ id: number; user_id: number; review_id: number } & Record<string, unknown>>(sql`
    select id, user_id, review_id from replies where id = ${replyId}`);
  return rows[0];
}

const liked = (
  table: "review_likes" | "reply_likes",
  column: "review_id" | "reply_id",
  id: SQL,
  viewerId: number | null,
) =>
  viewerId === null
    ? sql`false`
    : sql`exists (select 1 from ${sql.raw(table)} l where l.${sql.raw(column)} = ${id} and l.user_id = ${viewerId})`;

/** A page of an ad's reviews, in one of the spec's two orders (§9: created_at, likes_count). */
export async function findReviews(
  db: Reader,
  ad: AdStanding,
  viewerId: number | null,
  {
    sortBy,
    order,
    limit,
    offset,
  }: { sortBy: "created_at" | "likes_count"; order: "asc" | "desc"; limit: number; offset: number },
) {
  const direction = sql.raw(order);
  const [rows, [count]] = await Promise.all([
    db.execute<PostRow & Record<string, unknown>>(sql`
      select r.id, r.ad_id as parent_id, r.content, r.user_id, u.name as user_name, u.profile_image as user_profile_image,
        r.likes_count, r.replies_count, r.edited, r.created_at,
        r.user_id = ${ad.user_id}::int as is_ad_owner, ${liked("review_likes", "review_id", sql`r.id`, viewerId)} as is_liked
      from reviews r join users u on u.id = r.user_id
      where r.ad_id = ${ad.id}
      order by r.${sql.raw(sortBy)} ${direction}, r.id ${direction}
      limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from reviews where ad_id = ${ad.id}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One review, as `findReviews` reads it. */
export async function findReviewPost(db: Reader, reviewId: number, viewerId: number) {
  const rows = await db.execute<PostRow & Record<string, unknown>>(sql`
    select r.id, r.ad_id as parent_id, r.content, r.user_id, u.name as user_name, u.profile_image as user_profile_image,
      r.likes_count, r.replies_count, r.edited, r.created_at,
      r.user_id = a.user_id as is_ad_owner, ${liked("review_likes", "review_id", sql`r.id`, viewerId)} as is_liked
    from reviews r join users u on u.id = r.user_id join ads a on a.id = r.ad_id
    where r.id = ${reviewId}`);
  return rows[0];
}

/** `adOwner` is the ad owner's id, or an expression giving it, for the Owner tag. */
const replyColumns = (adOwner: SQL, viewerId: number | null) => sql`
  p.id, p.review_id as parent_id, p.content, p.user_id, u.name as user_name, u.profile_image as user_profile_image,
  p.likes_count, 0 as replies_count, p.edited, p.created_at,
  p.user_id = ${adOwner} as is_ad_owner, ${liked("reply_likes", "reply_id", sql`p.id`, viewerId)} as is_liked`;

/** The first `perReview` replies of each review, oldest first: a page of reviews comes with its threads. */
export async function findFirstReplies(
  db: Reader,
  reviewIds: number[],
  adOwnerId: number,
  viewerId: number | null,
  perReview: number,
) {
  if (!reviewIds.length) return [];
  return db.execute<PostRow & Record<string, unknown>>(sql`
    select ${replyColumns(sql`${adOwnerId}::int`, viewerId)}
    from (
      select *, row_number() over (partition by review_id order by created_at, id) as position
      from replies where review_id in (${sql.join(
        reviewIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) p join users u on u.id = p.user_id
    where p.position <= ${perReview}
    order by p.review_id, p.created_at, p.id`);
}

/** A page of a review's replies, oldest first. */
export async function findReplies(
  db: Reader,
  reviewId: number,
  adOwnerId: number,
  viewerId: number | null,
  { limit, offset }: { limit: number; offset: number },
) {
  const [rows, [count]] = await Promise.all([
    db.execute<PostRow & Record<string, unknown>>(sql`
      select ${replyColumns(sql`${adOwnerId}::int`, viewerId)}
      from replies p join users u on u.id = p.user_id
      where p.review_id = ${reviewId}
      order by p.created_at, p.id limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from replies where review_id = ${reviewId}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findReplyPost(db: Reader, replyId: number, viewerId: number) {
  const rows = await db.execute<PostRow & Record<string, unknown>>(sql`
    select ${replyColumns(sql`a.user_id`, viewerId)}
    from replies p join users u on u.id = p.user_id join reviews r on r.id = p.review_id join ads a on a.id = r.ad_id
    where p.id = ${replyId}`);
  return rows[0];
}

/**
 * Flips the user's like of a review or reply and moves its counter in the same transaction, so the counter is always
 * the number of like rows, whatever runs at the same time: a like row exists or not (primary key), and each
 * insert or delete that happened moves the counter once.
 */
export async function toggleLike(tx: Transaction, kind: "review" | "reply", id: number, userId: number) {
  const likes = sql.raw(kind === "review" ? "review_likes" : "reply_likes");
  const column = sql.raw(kind === "review" ? "review_id" : "reply_id");
  const posts = sql.raw(kind === "review" ? "reviews" : "replies");
  const removed = await tx.execute(sql`
    delete from ${likes} where ${column} = ${id} and user_id = ${userId} returning 1`);
  let isLiked = false;
  if (removed.length) {
    await tx.execute(sql`update ${posts} set likes_count = likes_count - 1 where id = ${id}`);
  } else {
    const added = await tx.execute(sql`
      insert into ${likes} (${column}, user_id) values (${id}, ${userId}) on conflict do nothing returning 1`);
    if (added.length) await tx.execute(sql`update ${posts} set likes_count = likes_count + 1 where id = ${id}`);
    isLiked = true;
  }
  const [row] = await tx.execute<{ likes_count: number }>(sql`select likes_count from ${posts} where id = ${id}`);
  return { is_liked: isLiked, likes_count: row?.likes_count ?? 0 };
}

/**
 * Removes everything a deleted account wrote or liked, keeping the counters of what remains exact: their likes
 * leave other people's reviews and replies, their replies leave other people's reviews, then their reviews go
 * (with the replies and likes under them, by cascade).
 */
export async function removeUserPosts(tx: Transaction, userId: number) {
  await tx.execute(sql`
    with gone as (delete from review_likes where user_id = ${userId} returning review_id)
    update reviews r set likes_count = r.likes_count - n.count
    from (select review_id, count(*)::int as count from gone group by review_id) n where r.id = n.review_id`);
  await tx.execute(sql`
    with gone as (delete from reply_likes where user_id = ${userId} returning reply_id)
    update replies p set likes_count = p.likes_count - n.count
    from (select reply_id, count(*)::int as count from gone group by reply_id) n where p.id = n.reply_id`);
  await tx.execute(sql`
    with gone as (delete from replies where user_id = ${userId} returning review_id)
    update reviews r set replies_count = r.replies_count - n.count
    from (select review_id, count(*)::int as count from gone group by review_id) n where r.id = n.review_id`);
  await tx.execute(sql`delete from reviews where user_id = ${userId}`);
}

/**
 * Writes the user's stars for an ad: the first rating creates, a later one (even by POST, from a stale client)
 * updates it (spec §4 "Rating", decision 046). `created` tells which happened.
 */
export async function upsertRating(db: Reader, userId: number, adId: number, stars: number) {
  const [row] = await db.execute<{ id: number; created: boolean }>(sql`
    insert into ratings (user_id, ad_id, stars) values (${userId}, ${adId}, ${stars})
    on conflict (user_id, ad_id) do update set stars = excluded.stars, updated_at = now()
    returning id, (xmax = 0) as created`);
  return row!;
}

export async function updateOwnRating(db: Reader, ratingId: number, userId: number, stars: number) {
  const [row] = await db.execute<{ id: number; ad_id: number }>(sql`
    update ratings set stars = ${stars}, updated_at = now() where id = ${ratingId} and user_id = ${userId}
    returning id, ad_id`);
  return row;
}

/** Stars given to every active ad of a seller, per star: the public profile's summary. */
export async function findSellerRatings(db: Reader, sellerId: number) {
  return db.execute<{ stars: number; total: number }>(sql`
    select r.stars, count(*)::int as total
    from ratings r join ads a on a.id = r.ad_id
    where a.user_id = ${sellerId} and a.status_id = 2
    group by r.stars`);
}
