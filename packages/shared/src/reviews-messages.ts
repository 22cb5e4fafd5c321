/** Ratings, reviews and replies: limits and messages without zod, for the ad page's light parts (spec §5, §8, §9). */

export const STARS_MIN = 1;
export const STARS_MAX = 5;
/** Spec §9: review text maximum. */
export const REVIEW_MAX = 200;
/** Replies are answers, not essays: the same bound keeps the thread readable on a phone (decision 046). */
export const REPLY_MAX = 200;
/** Spec §4: "Initially 2 reviews show, then more by paging". */
export const REVIEWS_PAGE = 2;
/** Spec §4: "reply page default count 5". */
export const REPLIES_PAGE = 5;
export const REVIEW_SORTS = ["created_at", "likes_count"] as const;

export const REVIEW_MESSAGES = {
  contentEmpty: "Content cannot be empty",
  reviewTooLong: `A review can be at most ${REVIEW_MAX} characters.`,
  replyTooLong: `A reply can be at most ${REPLY_MAX} characters.`,
  starsRange: `Choose from ${STARS_MIN} to ${STARS_MAX} stars.`,
  ownAdRating: "You cannot rate your own ad.",
  notAuthor: "Only its author can change or delete this.",
  reviewCreated: "Review added.",
  reviewUpdated: "Review updated.",
  reviewDeleted: "Review deleted.",
  replyCreated: "Reply added.",
  replyUpdated: "Reply updated.",
  replyDeleted: "Reply deleted.",
  // Spec §8 toasts.
  ratingAdded: "Rating added successfully!",
  ratingUpdated: "Rating updated successfully!",
  ratingAddFailed: "Error adding rating, please try again.",
  ratingUpdateFailed: "Error updating rating, please try again.",
  noReviews: "No reviews available yet.",
  fetchReviewsFailed: "Error fetching more reviews, please reload page",
  reviewFailed: (action: "creating" | "updating" | "deleting" | "liking") =>
    `Error ${action} review, please reload page`,
  fetchRepliesFailed: "Error fetching more replies, please reload page",
  replyFailed: (action: "creating" | "updating" | "deleting" | "liking") => `Error ${action} reply, please reload page`,
} as const;
