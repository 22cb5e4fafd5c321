/** Report reasons, statuses, limits and messages without zod: the ad page's report dialog reads them (spec §5, §8). */

/** Spec §5: the reasons a reporter chooses from, in the spec's order and words. */
export const REPORT_REASONS = [
  "I just don't like it",
  "Bullying or unwanted contact",
  "Suicide, self-injury or eating disorders",
  "Violence, hate or exploitation",
  "Selling or promoting restricted items",
  "Nudity or sexual activity",
  "Scam, fraud or spam",
  "False information",
  "Other",
] as const;
export type TReportReasonChoice = (typeof REPORT_REASONS)[number];

/**
 * The choice that needs the reporter's own words. The words are sent as `reason` itself (the contract has no other
 * field), so a reason that is not on the list is an 'Other' (docs/decisions/043-reports.md).
 */
export const REPORT_OTHER = "Other" satisfies TReportReasonChoice;
/** An 'Other' reason in the reporter's own words: a few characters at least, a paragraph at most. */
export const REPORT_REASON_MIN = 3;
export const REPORT_REASON_MAX = 500;

/** Spec §3 report status enum: the ids of the `report_statuses` rows, and their names. */
export const REPORT_STATUS = { unresolved: 1, underReview: 2, resolved: 3 } as const;
export const REPORT_STATUS_NAMES = { 1: "Unresolved", 2: "Under Review", 3: "Resolved" } as const;

/** Distinct open reports that take an ad out of public lists until an admin reviews it (decision 043). */
export const AD_REPORT_THRESHOLD = 5;
/** Reports per page of the profile's Reports tab, like its Subscriptions sibling (spec §9). */
export const REPORTS_PAGE = 10;
/** New reports (ads and users together) per user and hour: enough for anyone honest, little for a flood. */
export const REPORT_LIMIT = { max: 20, windowMinutes: 60 } as const;

export const REPORT_MESSAGES = {
  /** Spec §8 toasts. */
  reported: "Reported!",
  failed: "Report failed",
  /** Spec §8 empty states of the Reports tab. */
  noAdReports: "Not Ads Reports",
  noUserReports: "Not Users Reports",
  loadFailed: "Error getting reports, please try again.",
  adRequired: "Choose an ad to report.",
  userRequired: "Choose a user to report.",
  /** Spec §5: a reason must be chosen. */
  reasonRequired: "Please choose a reason.",
  /** Spec §5: 'Other' needs the reporter's own text. */
  otherTextRequired: "Please tell us what is wrong in your own words.",
  reasonTooShort: `Please describe the problem in at least ${REPORT_REASON_MIN} characters.`,
  reasonTooLong: `A reason can be at most ${REPORT_REASON_MAX} characters.`,
  ownAd: "You cannot report your own ad.",
  self: "You cannot report yourself.",
  adAlreadyReported: "You have already reported this ad. We are looking into it.",
  userAlreadyReported: "You have already reported this user. We are looking into it.",
} as const;

/** Curly apostrophes (phones type them) match the list's straight ones. */
const comparable = (text: string) => text.toLowerCase().replaceAll("’", "'");

/**
 * Spec §5 report reason, for the dialog and the API alike: a listed reason (any letter case) is stored in the list's
 * spelling; 'Other' alone is refused, since it needs the reporter's words; any other text is those words.
 */
export function checkReportReason(input: string): { reason: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: REPORT_MESSAGES.reasonRequired };
  const listed = REPORT_REASONS.find((reason) => comparable(reason) === comparable(text));
  if (listed === REPORT_OTHER) return { error: REPORT_MESSAGES.otherTextRequired };
  if (listed) return { reason: listed };
  if (text.length < REPORT_REASON_MIN) return { error: REPORT_MESSAGES.reasonTooShort };
  if (text.length > REPORT_REASON_MAX) return { error: REPORT_MESSAGES.reasonTooLong };
  return { reason: text };
}
