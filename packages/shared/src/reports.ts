import { z } from "zod";
import { zId, zPage } from "./ids.ts";
import { checkReportReason, REPORT_MESSAGES } from "./reports-messages.ts";

/**
 * Spec §5 reason: one of the list, or the reporter's own words for 'Other' (docs/decisions/043-reports.md). The
 * parsed value is what is stored: a listed reason in the list's spelling, or the trimmed words.
 */
export const ZReportReason = z.string({ message: REPORT_MESSAGES.reasonRequired }).transform((value, ctx) => {
  const checked = checkReportReason(value);
  if ("error" in checked) {
    ctx.addIssue({ code: "custom", message: checked.error });
    return z.NEVER;
  }
  return checked.reason;
});

/** Spec §7 "Ad report POST": ad_id, reason. */
export const ZCreateAdReport = z.object({ ad_id: zId(REPORT_MESSAGES.adRequired), reason: ZReportReason });
export type TCreateAdReport = z.output<typeof ZCreateAdReport>;

/** Spec §7 "user report POST": reported_user_id, reason. */
export const ZCreateUserReport = z.object({
  reported_user_id: zId(REPORT_MESSAGES.userRequired),
  reason: ZReportReason,
});
export type TCreateUserReport = z.output<typeof ZCreateUserReport>;

/** GET /ad-reports and /user-reports: the caller's own reports, newest first. */
export const ZReportsQuery = z.object({ page: zPage().optional() });

/** What every report holds, as reporters and admins both see it. */
export const reportFields = {
  id: z.number().int(),
  reason: z.string(),
  admin_response: z.string().nullable(),
  /** Spec §3 report status enum: 1 Unresolved, 2 Under Review, 3 Resolved. */
  status_id: z.number().int(),
  status_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
};

/**
 * Spec §3 "Ad report", with the ad as the Reports tab shows it: its title and what its page's address needs.
 * `is_visible` says whether the public can open that page now (a reported ad may be waiting for review).
 */
export const ZAdReport = z.object({
  ...reportFields,
  ad_id: z.number().int(),
  ad: z.object({
    id: z.number().int(),
    title: z.string(),
    category_id: z.number().int(),
    subcategory_id: z.number().int(),
    is_visible: z.boolean(),
  }),
});
export type TAdReport = z.infer<typeof ZAdReport>;

/** Spec §3 "User report", with the reported user's name (and whether their profile is open to the public). */
export const ZUserReport = z.object({
  ...reportFields,
  reporter_user_id: z.number().int(),
  reported_user_id: z.number().int(),
  reported_user: z.object({ id: z.number().int(), name: z.string(), is_visible: z.boolean() }),
});
export type TUserReport = z.infer<typeof ZUserReport>;
