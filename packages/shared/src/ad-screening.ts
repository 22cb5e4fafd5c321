import { z } from "zod";
import { zId } from "./ids.ts";

/**
 * Checks at posting time (issue 28, decision 078 for photos, 079 for rules and flags): what refuses an ad with 422,
 * and what lets it through flagged to the moderation queue.
 */

/**
 * Two photos whose 64-bit perceptual hashes differ in at most this many bits are one photo (a re-save, a resize, a
 * small crop or brightness change). Four 16-bit bands of the hash are indexed, so any pair this close shares a band.
 */
export const PHOTO_HASH_MAX_DISTANCE = 3;

export const AD_FLAG_REASONS = ["duplicate_photo", "low_price", "rule", "contact"] as const;
export type TAdFlagReason = (typeof AD_FLAG_REASONS)[number];

/** What the moderation queue says for each flag. */
export const AD_FLAG_LABELS: Record<TAdFlagReason, string> = {
  duplicate_photo: "Photo used by another seller",
  low_price: "Price far below market",
  rule: "Matches a banned-words rule",
  contact: "Phone number or link in the description",
};

export const SCREENING_RULE_KINDS = ["word", "pattern"] as const;
export type TScreeningRuleKind = (typeof SCREENING_RULE_KINDS)[number];
export const SCREENING_RULE_ACTIONS = ["refuse", "flag"] as const;
export type TScreeningRuleAction = (typeof SCREENING_RULE_ACTIONS)[number];

export const SCREENING_MESSAGES = {
  /** The words, under `images`, when a seller posts a photo of one of their own live ads again. */
  ownDuplicatePhoto: "You already have an ad with this photo",
  /** Under `title` or `description`, when a 'refuse' rule matches: the rule's own reason follows. */
  refusedByRule: (reason: string) => `This ad cannot be posted: ${reason}`,
  kindInvalid: "Choose word or pattern.",
  actionInvalid: "Choose refuse or flag.",
  patternRequired: "The word or pattern is required.",
  patternTooLong: "The word or pattern may not be greater than 100 characters.",
  patternInvalid: "This is not a valid pattern.",
  patternTaken: "There is already a rule for this word or pattern.",
  reasonRequired: "The reason is required.",
  reasonTooLong: "The reason may not be greater than 200 characters.",
  created: "Rule created successfully!",
  updated: "Rule updated successfully!",
  deleted: "Rule deleted successfully!",
} as const;

/**
 * True when `pattern` compiles as the rule's regular expression (JavaScript syntax, case-insensitive, Unicode) and
 * has no unbounded quantifier on a group that holds one (`(a+)+`, `(\w*)*`, `(x+){2,}`): JavaScript has no time limit
 * on a match, and such a pattern can take exponential time on a crafted description (decision 079).
 */
export function isValidScreeningPattern(pattern: string) {
  try {
    new RegExp(pattern, "iu");
  } catch {
    return false;
  }
  return !hasNestedQuantifier(pattern);
}

/** A group quantified without bound (*, +, {n,}) that contains such a quantifier itself. */
function hasNestedQuantifier(pattern: string) {
  const unboundedAt = (index: number) =>
    pattern[index] === "*" || pattern[index] === "+" || /^\{\d*,\}/.test(pattern.slice(index));
  const groups: boolean[] = [];
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === "\\") {
      index++;
      if (!inClass && unboundedAt(index + 1) && groups.length) groups[groups.length - 1] = true;
      continue;
    }
    if (inClass) {
      if (char === "]") {
        inClass = false;
        if (unboundedAt(index + 1) && groups.length) groups[groups.length - 1] = true;
      }
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "(") groups.push(false);
    else if (char === ")") {
      const inner = groups.pop() ?? false;
      if (unboundedAt(index + 1)) {
        if (inner) return true;
        if (groups.length) groups[groups.length - 1] = true;
      } else if (inner && groups.length) groups[groups.length - 1] = true;
    } else if (unboundedAt(index + 1) && groups.length && char !== "*" && char !== "+") {
      groups[groups.length - 1] = true;
    }
  }
  return false;
}

/** POST /admin/screening-rules and PUT /admin/screening-rules/{id}. */
export const ZScreeningRuleInput = z
  .object({
    kind: z.enum(SCREENING_RULE_KINDS, { message: SCREENING_MESSAGES.kindInvalid }),
    pattern: z
      .string({ message: SCREENING_MESSAGES.patternRequired })
      .trim()
      .min(1, SCREENING_MESSAGES.patternRequired)
      .max(100, SCREENING_MESSAGES.patternTooLong),
    action: z.enum(SCREENING_RULE_ACTIONS, { message: SCREENING_MESSAGES.actionInvalid }),
    reason: z
      .string({ message: SCREENING_MESSAGES.reasonRequired })
      .trim()
      .min(1, SCREENING_MESSAGES.reasonRequired)
      .max(200, SCREENING_MESSAGES.reasonTooLong),
  })
  .refine((rule) => rule.kind !== "pattern" || isValidScreeningPattern(rule.pattern), {
    path: ["pattern"],
    message: SCREENING_MESSAGES.patternInvalid,
  });
export type TScreeningRuleInput = z.infer<typeof ZScreeningRuleInput>;

export const ZScreeningRuleParams = z.object({ id: zId() });

/** A rule as GET /admin/screening-rules lists it (all of them, newest first: a short list admins keep by hand). */
export const ZScreeningRule = z.object({
  id: z.number().int(),
  kind: z.enum(SCREENING_RULE_KINDS),
  pattern: z.string(),
  action: z.enum(SCREENING_RULE_ACTIONS),
  reason: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TScreeningRule = z.infer<typeof ZScreeningRule>;

/** One flag on a moderation queue item. */
export const ZAdFlag = z.object({
  id: z.number().int(),
  reason: z.enum(AD_FLAG_REASONS),
  /** AD_FLAG_LABELS[reason], so every client says the same. */
  label: z.string(),
  /** What was found: "Matches 'tramadol' (Selling medicines needs a licence)", "0886 123 456", "$300 against a median of $5,600". */
  detail: z.string(),
  /** The other seller's ad using the same photo, for the admin to act on both. */
  other_ad: z
    .object({
      id: z.number().int(),
      title: z.string(),
      status: z.object({ id: z.number().int(), name: z.string() }),
      user: z.object({ id: z.number().int(), name: z.string() }),
    })
    .nullable(),
  created_at: z.string(),
});
export type TAdFlag = z.infer<typeof ZAdFlag>;
