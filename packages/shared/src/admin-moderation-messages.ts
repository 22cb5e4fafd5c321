/**
 * Admin moderation (reports, reviews, audit log): report status names and messages, without zod, for the
 * admin tables' light parts (spec second document §4 "Report status", §8, §9; issue 16).
 */
import { REPORT_STATUS, REPORT_STATUS_NAMES } from "./reports-messages.ts";

/** An admin's answer to a report, shown to the reporter under Reports. */
export const ADMIN_RESPONSE_MAX = 1000;
/** The status segment tabs: All, then the spec's statuses (§3 report status enum). */
export const REPORT_STATUS_FILTER_ALL = "All";

export const ADMIN_MODERATION_MESSAGES = {
  statusInvalid: "Choose a report status: 1 Unresolved, 2 Under Review or 3 Resolved.",
  statusFilterInvalid: "Choose a report status: All, Unresolved, Under Review or Resolved.",
  /** Spec §4: Resolved reports offer no further actions. */
  resolvedIsFinal: "This report is resolved: its status can no longer change.",
  responseTooLong: `A response can be at most ${ADMIN_RESPONSE_MAX} characters.`,
  userIdRequired: "The user_id field is required.",
  idRequired: "The id field is required.",
  statusUpdated: "Updated!",
  /** Spec §8 success toast. */
  deleted: "Deleted!",
} as const;

/**
 * A report status as the admin tables send it: an id (1–3), a name in any letter case ('Under Review',
 * 'UnderReview', 'under_review'), or 'All' (no filter, `null`). Undefined when it is none of these.
 */
export function parseReportStatusFilter(input: string): number | null | undefined {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  if (text === "" || text === REPORT_STATUS_FILTER_ALL.toLowerCase()) return null;
  const id = Number(text);
  if (Object.values(REPORT_STATUS).some((status) => status === id)) return id;
  const named = Object.entries(REPORT_STATUS_NAMES).find(([, name]) => name.toLowerCase().replace(/\s+/g, "") === text);
  return named ? Number(named[0]) : undefined;
}
