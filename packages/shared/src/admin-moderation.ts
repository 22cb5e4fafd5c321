import { z } from "zod";
import { ADMIN_MODERATION_MESSAGES, ADMIN_RESPONSE_MAX, parseReportStatusFilter } from "./admin-moderation-messages.ts";
import { zId, zPage } from "./ids.ts";
import { REPORT_STATUS } from "./reports-messages.ts";
import { reportFields } from "./reports.ts";
import { REVIEW_SORTS } from "./reviews-messages.ts";

/** Admin tables: page, per_page (spec §9: 30; at most 100). */
const zPerPage = z.coerce.number().int().min(1).max(100).optional();

/** `status`: an id, a name or 'All' (see `parseReportStatusFilter`); 'All' and absence mean every status. */
const zStatusFilter = z
  .string()
  .transform((value, ctx) => {
    const status = parseReportStatusFilter(value);
    if (status === undefined) {
      ctx.addIssue({ code: "custom", message: ADMIN_MODERATION_MESSAGES.statusFilterInvalid });
      return z.NEVER;
    }
    return status;
  })
  .optional();

/** GET /admin/ad-reports (spec §7 "Admin": page, per_page 30, status, ad_id, user_id = the reporter). */
export const ZAdminAdReportsQuery = z.object({
  page: zPage().optional(),
  per_page: zPerPage,
  status: zStatusFilter,
  ad_id: zId().optional(),
  user_id: zId().optional(),
});
export type TAdminAdReportsQuery = z.output<typeof ZAdminAdReportsQuery>;

/** GET /admin/user-reports (page, per_page 30, status, reporter_user_id, reported_user_id). */
export const ZAdminUserReportsQuery = z.object({
  page: zPage().optional(),
  per_page: zPerPage,
  status: zStatusFilter,
  reporter_user_id: zId().optional(),
  reported_user_id: zId().optional(),
});
export type TAdminUserReportsQuery = z.output<typeof ZAdminUserReportsQuery>;

export const ZReportIdParams = z.object({ report_id: zId() });

/**
 * PATCH /admin/ad-report/{report_id}/status and /admin/user-report/{report_id}/status (spec §4 "Report status"):
 * `status_id` 1, 2 or 3; a non-blank `admin_response` resolves the report whatever `status_id` says (decision 043).
 */
export const ZReportStatusChange = z.object({
  report_id: zId().optional(),
  status_id: zId(ADMIN_MODERATION_MESSAGES.statusInvalid).refine(
    (id) => Object.values(REPORT_STATUS).some((status) => status === id),
    ADMIN_MODERATION_MESSAGES.statusInvalid,
  ),
  admin_response: z
    .string()
    .trim()
    .max(ADMIN_RESPONSE_MAX, ADMIN_MODERATION_MESSAGES.responseTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type TReportStatusChange = z.output<typeof ZReportStatusChange>;

const ZAdminPerson = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });

/** Spec §3 "Ad report" as admins see it: the ad {id, title, status_id, user_id: its owner} and the reporter `user`. */
export const ZAdminAdReport = z.object({
  ...reportFields,
  ad_id: z.number().int(),
  user_id: z.number().int(),
  ad: z.object({ id: z.number().int(), title: z.string(), status_id: z.number().int(), user_id: z.number().int() }),
  user: ZAdminPerson,
});
export type TAdminAdReport = z.infer<typeof ZAdminAdReport>;

/** Spec §3 "User report" as admins see it, with `reporter` and `reported_user`. */
export const ZAdminUserReport = z.object({
  ...reportFields,
  reporter_user_id: z.number().int(),
  reported_user_id: z.number().int(),
  reporter: ZAdminPerson,
  reported_user: ZAdminPerson.extend({ status_id: z.number().int() }),
});
export type TAdminUserReport = z.infer<typeof ZAdminUserReport>;

/** GET /admin/reviews: the reviews a user wrote (user_id required), newest or most liked first. */
export const ZAdminReviewsQuery = z.object({
  user_id: zId(ADMIN_MODERATION_MESSAGES.userIdRequired).optional(),
  page: zPage().optional(),
  per_page: zPerPage,
  sort_by: z.enum(REVIEW_SORTS).optional(),
  sort_order: z.enum(["asc", "desc"]).optional(),
});
export type TAdminReviewsQuery = z.output<typeof ZAdminReviewsQuery>;

const ZAuthor = z.object({ id: z.number().int(), name: z.string() });

export const ZAdminReply = z.object({
  id: z.number().int(),
  content: z.string(),
  review_id: z.number().int(),
  user_id: z.number().int(),
  user: ZAuthor,
  likes_count: z.number().int(),
  edited: z.boolean(),
  created_at: z.string(),
});
export type TAdminReply = z.infer<typeof ZAdminReply>;

/** Spec §3 "Review" for moderation: every reply (oldest first) and the ad's title; no viewer fields. */
export const ZAdminReview = z.object({
  id: z.number().int(),
  content: z.string(),
  user_id: z.number().int(),
  user: ZAuthor,
  ad_id: z.number().int(),
  ad: z.object({ id: z.number().int(), title: z.string() }),
  likes_count: z.number().int(),
  replies_count: z.number().int(),
  replies: z.array(ZAdminReply),
  edited: z.boolean(),
  created_at: z.string(),
});
export type TAdminReview = z.infer<typeof ZAdminReview>;

/** DELETE /admin/reviews and /admin/replies: `id` in the query string or the JSON body (spec: "(id)"). */
export const ZAdminDeleteQuery = z.object({ id: zId().optional() });
export const ZAdminDeleteBody = z.object({ id: zId().optional() }).nullish();

/** GET /admin/audit-log: newest first, optionally one admin's or one target's records. */
export const ZAuditLogQuery = z.object({
  page: zPage().optional(),
  per_page: zPerPage,
  admin_id: zId().optional(),
  target_type: z.string().trim().min(1).max(50).optional(),
  target_id: zId().optional(),
});
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  admin_id: z.number().int(),
  admin: z.object({ id: z.number().int(), name: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
