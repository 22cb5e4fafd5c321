import { z } from "zod";
import { ZAdRating } from "./ads.ts";
import { zId, zPage } from "./ids.ts";
import { REPLY_MAX, REVIEW_MAX, REVIEW_MESSAGES, REVIEW_SORTS, STARS_MAX, STARS_MIN } from "./reviews-messages.ts";

const zContent = (max: number, tooLong: string) =>
  z.string({ message: REVIEW_MESSAGES.contentEmpty }).trim().min(1, REVIEW_MESSAGES.contentEmpty).max(max, tooLong);
const zStars = z.coerce
  .number({ message: REVIEW_MESSAGES.starsRange })
  .int(REVIEW_MESSAGES.starsRange)
  .min(STARS_MIN, REVIEW_MESSAGES.starsRange)
  .max(STARS_MAX, REVIEW_MESSAGES.starsRange);

// Ratings (spec §7: POST ad_id, stars; PATCH /ratings/{rating_id} rating_id, stars).
export const ZCreateRating = z.object({ ad_id: zId("Choose an ad."), stars: zStars });
export const ZUpdateRating = z.object({ rating_id: zId().optional(), stars: zStars });
export const ZRatingParams = z.object({ rating_id: zId() });
export const ZAdIdParams = z.object({ ad_id: zId() });
export const ZUserIdParams = z.object({ user_id: zId() });
/** A rating written, with the ad's `rating` block as it now stands (spec §3 Ad rating). */
export const ZRatingResult = z.object({
  id: z.number().int(),
  ad_id: z.number().int(),
  stars: z.number().int(),
  rating: ZAdRating,
});
export type TRatingResult = z.infer<typeof ZRatingResult>;
/** A seller's stars over all their ads, for the public profile. */
export const ZSellerRating = ZAdRating.omit({ current_user_rating: true, current_user_rating_id: true });
export type TSellerRating = z.infer<typeof ZSellerRating>;

export const ZReviewAuthor = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image_url: z.string().nullable(),
});

/** Spec §3 Reply, with `is_ad_owner` so a client tags the ad owner's replies Owner without knowing the ad. */
export const ZReply = z.object({
  id: z.number().int(),
  content: z.string(),
  review_id: z.number().int(),
  user_id: z.number().int(),
  user: ZReviewAuthor,
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  edited: z.boolean(),
  is_owned: z.boolean(),
  is_ad_owner: z.boolean(),
  created_at: z.string(),
});
export type TReply = z.infer<typeof ZReply>;

/** Spec §3 Review; `replies` holds the first page of its replies (oldest first), the rest come by paging. */
export const ZReview = z.object({
  id: z.number().int(),
  content: z.string(),
  user_id: z.number().int(),
  user: ZReviewAuthor,
  ad_id: z.number().int(),
  likes_count: z.number().int(),
  is_liked: z.boolean(),
  replies_count: z.number().int(),
  replies: z.array(ZReply),
  edited: z.boolean(),
  is_owned: z.boolean(),
  is_ad_owner: z.boolean(),
  created_at: z.string(),
});
export type TReview = z.infer<typeof ZReview>;

export const ZReviewsQuery = z.object({
  page: zPage().optional(),
  per_page: z.coerce.number().int().min(1).max(20).optional(),
  sort_by: z.enum(REVIEW_SORTS).optional(),
  sort_order: z.enum(["asc", "desc"]).optional(),
});
export type TReviewsQuery = z.infer<typeof ZReviewsQuery>;
export const ZRepliesQuery = z.object({
  page: zPage().optional(),
  per_page: z.coerce.number().int().min(1).max(50).optional(),
});

export const ZIdParams = z.object({ id: zId() });
export const ZReviewIdParams = z.object({ reviewId: zId() });
export const ZAdReviewsParams = z.object({ adId: zId() });

export const ZCreateReview = z.object({
  ad_id: zId("Choose an ad."),
  content: zContent(REVIEW_MAX, REVIEW_MESSAGES.reviewTooLong),
});
export const ZUpdateReview = z.object({
  review_id: zId().optional(),
  content: zContent(REVIEW_MAX, REVIEW_MESSAGES.reviewTooLong),
});
export const ZCreateReply = z.object({
  review_id: zId("Choose a review."),
  content: zContent(REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});
export const ZUpdateReply = z.object({ content: zContent(REPLY_MAX, REVIEW_MESSAGES.replyTooLong) });
/** What a like toggle leaves: whether the caller now likes it, and the exact count. */
export const ZLikeResult = z.object({ is_liked: z.boolean(), likes_count: z.number().int() });
export type TLikeResult = z.infer<typeof ZLikeResult>;
