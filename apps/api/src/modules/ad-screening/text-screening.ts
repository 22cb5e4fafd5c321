import { AD_DESCRIPTION_MAX, AD_TITLE_MAX } from "@waterside/shared/selling-messages";
import type { TScreeningRuleAction, TScreeningRuleKind } from "@waterside/shared/ad-screening";
import { findPhoneNumbersInText } from "libphonenumber-js/max";

/**
 * What the posting checks read in an ad's words (decision 079): admins' rules, and phone numbers and links in the
 * description. Pure functions of the text, so the rules are tested without a database.
 */

export interface ScreeningRuleRow {
  id: number;
  kind: TScreeningRuleKind;
  pattern: string;
  action: TScreeningRuleAction;
  reason: string;
}

export interface CompiledRule extends ScreeningRuleRow {
  /** Runs on folded text for 'word' rules, on the text as written for 'pattern' rules. */
  regex: RegExp;
}

/** Lower case without accents: "Tramadól" and "TRAMADOL" are one word. */
export const foldText = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A 'word' rule is a whole word or phrase: not inside a longer word ("gun" does not match "begun"), its words
 * separated by any spaces or punctuation ("fake  id", "fake-id"). A 'pattern' rule is the admin's regular expression,
 * case-insensitive.
 */
export function compileRule(rule: ScreeningRuleRow): CompiledRule {
  if (rule.kind === "pattern") return { ...rule, regex: new RegExp(rule.pattern, "iu") };
  const words = foldText(rule.pattern)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(escapeRegExp);
  const folded = foldText(rule.pattern).trim();
  // A "word" of nothing but accents folds to nothing, which would match every ad: it matches none.
  if (!folded) return { ...rule, regex: /(?!)/u };
  const phrase = words.length ? words.join("[^\\p{L}\\p{N}]+") : escapeRegExp(folded);
  return { ...rule, regex: new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, "u") };
}

export interface RuleMatch {
  rule: CompiledRule;
  field: "title" | "description";
  /** The words as the seller wrote them. */
  matched: string;
}

/**
 * Every rule that matches the title or the description (the title first). Texts are cut at the form's limits before
 * any rule runs, so a pattern's time is bounded by what an ad may hold; patterns whose time could explode (nested
 * unbounded quantifiers) are refused when saved (`isValidScreeningPattern`).
 */
export function matchRules(rules: readonly CompiledRule[], ad: { title: string; description: string }): RuleMatch[] {
  const texts = {
    title: ad.title.slice(0, AD_TITLE_MAX),
    description: ad.description.slice(0, AD_DESCRIPTION_MAX),
  };
  const folded = { title: foldText(texts.title), description: foldText(texts.description) };
  const matches: RuleMatch[] = [];
  for (const rule of rules) {
    for (const field of ["title", "description"] as const) {
      const found = rule.regex.exec(rule.kind === "word" ? folded[field] : texts[field]);
      // A pattern that matches nothing at all ("a*" on any text) has found no words.
      if (found?.[0]) {
        // NFKD keeps lengths only for most scripts; the folded words are what the admin wrote anyway.
        matches.push({ rule, field, matched: found[0] });
        break;
      }
    }
  }
  return matches;
}

/** Links a buyer could be sent to: http(s) addresses, www. names and bare domains with a common ending. */
const LINK =
  /\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|lr|io|co|me|info|biz|shop|store|online|site|xyz|app|link|ly|gl|to)\b(?:\/[^\s<>"]*)?/giu;

/**
 * Phone numbers (read as Liberians write them, country LR by default) and links in a description: a seller may
 * legitimately write "call 0886…", so they are flagged for a look, never refused. Each as written, at most ten.
 */
export function findContacts(description: string): string[] {
  const text = description.slice(0, AD_DESCRIPTION_MAX);
  const links = [...text.matchAll(LINK)].map((found) => ({
    text: found[0].replace(/[.,;:!?)]+$/, ""),
    start: found.index,
    end: found.index + found[0].length,
  }));
  // A number inside a link (wa.me/231…) is the link's, said once.
  const numbers = findPhoneNumbersInText(text, "LR")
    .filter((found) => !links.some((link) => found.startsAt < link.end && found.endsAt > link.start))
    .map((found) => ({ text: text.slice(found.startsAt, found.endsAt), start: found.startsAt }));
  const inOrder = [...numbers, ...links].sort((a, b) => a.start - b.start).map((found) => found.text);
  return [...new Set(inOrder)].slice(0, 10);
}
