import { SCREENING_MESSAGES, type TScreeningRule, type TScreeningRuleInput } from "@waterside/shared/ad-screening";
import { isFarBelowGuide, type TPriceGuide, type TPriceGuideQuery } from "@waterside/shared/price-guide";
import { eq } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adScreeningRules } from "../../db/schema/ad-screening.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { HttpError, fieldError, notFound } from "../../plugins/errors.ts";
import {
  findGuideAttributeIds,
  findPhotoMatches,
  findRuleForUpdate,
  findRulesForAdmins,
  findRulesToScreen,
  replaceFlags,
  type NewFlag,
} from "./ad-screening.queries.ts";
import { compileRule, findContacts, matchRules, type CompiledRule, type ScreeningRuleRow } from "./text-screening.ts";

/**
 * How long a process trusts its copy of the rules. The process that changes a rule drops its copy at once; the others
 * (several servers) read the change within this time (decision 079).
 */
export const RULES_TTL_MS = 10_000;

/** An ad's words and price as posted or edited, for the checks that need no photo. */
export interface ScreenedAd {
  title: string;
  description: string;
  price: number;
  subcategory_id: number;
  /** Values by attribute name, as the form sends them: Brand, Model and Year narrow the price guide. */
  attributes: Record<string, string>;
}

/** What the words and price earn, found before any photo is stored: refusals are thrown, flags wait for the ad. */
export interface TextVerdict {
  flags: NewFlag[];
}

export interface ScreenedPhoto {
  phash: bigint | null;
  /** Uploaded by this post or edit; a photo the ad already had is never refused again. */
  isNew: boolean;
}

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
};
const throwIfAny = (errors: Errors) => {
  const [first] = Object.values(errors).flat();
  if (first) throw new HttpError(422, first, errors);
};

const dollars = (amount: number) =>
  `$${amount.toLocaleString("en-US", { maximumFractionDigits: amount % 1 === 0 ? 0 : 2 })}`;

/**
 * The checks at posting time (issue 28, decisions 078 and 079), owner of ad_screening_rules and ad_flags. Selling
 * asks `screenText` before it stores the photos and `screenPhotos` inside the transaction that writes the ad: a
 * refusal is a 422 with field messages and nothing is stored; everything else lets the ad through, flagged.
 */
export function createAdScreening({
  db,
  priceGuide,
  rulesTtlMs = RULES_TTL_MS,
}: {
  db: Database;
  /** The ads module's price guide (decision 077), the figures the seller's wizard shows. */
  priceGuide: (query: TPriceGuideQuery) => Promise<TPriceGuide>;
  rulesTtlMs?: number;
}) {
  let cached: { rules: CompiledRule[]; loadedAt: number } | undefined;
  let loading: Promise<CompiledRule[]> | undefined;

  async function loadRules() {
    // Oldest first: an ad's flags list the rules in the order admins wrote them.
    const rows = ((await findRulesToScreen(db)) as ScreeningRuleRow[]).sort((a, b) => a.id - b.id);
    const rules = rows.flatMap((row) => {
      try {
        return [compileRule(row)];
      } catch {
        // Saved rules are checked on the way in; one that no longer compiles screens nothing rather than everything.
        return [];
      }
    });
    cached = { rules, loadedAt: Date.now() };
    return rules;
  }

  function currentRules(): Promise<CompiledRule[]> {
    if (cached && Date.now() - cached.loadedAt < rulesTtlMs) return Promise.resolve(cached.rules);
    loading ??= loadRules().finally(() => (loading = undefined));
    return loading;
  }

  /** A copy older than any change: the next screening reads the rules again. */
  const forgetRules = () => {
    cached = undefined;
  };

  async function lowPriceFlag(ad: ScreenedAd): Promise<NewFlag | undefined> {
    const ids = await findGuideAttributeIds(db);
    const attributes = ids
      .filter((attribute) => ad.attributes[attribute.name]?.trim())
      .map((attribute) => ({ id: attribute.id, value: ad.attributes[attribute.name]!.trim() }));
    const guide = await priceGuide({ subcategory_id: ad.subcategory_id, attributes });
    if (!isFarBelowGuide(ad.price, guide)) return undefined;
    return { reason: "low_price", detail: `${dollars(ad.price)} against a typical ${dollars(guide.median!)}` };
  }

  return {
    /**
     * The words and price: a 'refuse' rule matching the title or description is a 422 under that field naming the
     * rule's reason; 'flag' rules, phone numbers and links in the description, and a price under a third of the
     * guide's median are flags for the moderation queue.
     */
    async screenText(ad: ScreenedAd): Promise<TextVerdict> {
      const matches = matchRules(await currentRules(), ad);
      const errors: Errors = {};
      for (const match of matches) {
        if (match.rule.action === "refuse")
          add(errors, match.field, SCREENING_MESSAGES.refusedByRule(match.rule.reason));
      }
      throwIfAny(errors);
      const flags: NewFlag[] = matches.map((match) => ({
        reason: "rule",
        rule_id: match.rule.id,
        detail: `Matches '${match.matched}' (${match.rule.reason})`,
      }));
      const contacts = findContacts(ad.description);
      if (contacts.length) flags.push({ reason: "contact", detail: contacts.join(", ") });
      const low = await lowPriceFlag(ad);
      if (low) flags.push(low);
      return { flags };
    },

    /**
     * The photos, in the transaction that writes the ad (its photo rows already inserted): a new photo matching one of
     * the seller's own live ads is a 422 under `images` (the transaction rolls back and the stored files go); one
     * matching another seller's live ad flags the ad, once per other ad, linking both. Then the ad's flags become
     * what this post or edit earned.
     */
    async screenPhotos(
      tx: Transaction,
      ad: { id: number; userId: number },
      photos: ScreenedPhoto[],
      text: TextVerdict,
    ) {
      const matches = await findPhotoMatches(
        tx,
        photos.map((photo) => photo.phash),
        ad.id,
      );
      if (matches.some((match) => match.user_id === ad.userId && photos[match.photo]!.isNew)) {
        throw fieldError("images", SCREENING_MESSAGES.ownDuplicatePhoto);
      }
      const byOtherAd = new Map<number, number[]>();
      for (const match of matches) {
        if (match.user_id === ad.userId) continue;
        const list = byOtherAd.get(match.ad_id) ?? [];
        if (!list.includes(match.photo + 1)) list.push(match.photo + 1);
        byOtherAd.set(match.ad_id, list);
      }
      const duplicates: NewFlag[] = [...byOtherAd].map(([otherAdId, numbers]) => ({
        reason: "duplicate_photo",
        other_ad_id: otherAdId,
        detail: `${numbers.length > 1 ? "Photos" : "Photo"} ${numbers.join(", ")} also in ad #${otherAdId}`,
      }));
      await replaceFlags(tx, ad.id, [...duplicates, ...text.flags]);
    },

    /** Every rule, newest first (a short list admins keep by hand). */
    listRules: (): Promise<TScreeningRule[]> => findRulesForAdmins(db) as Promise<TScreeningRule[]>,

    async createRule(adminId: number, input: TScreeningRuleInput, record: RecordChange) {
      const id = await patternGuarded(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(adScreeningRules)
            .values({ ...input, created_by: adminId })
            .returning();
          await record(tx, {
            action: "screening_rule.create",
            targetType: "screening_rule",
            targetId: row!.id,
            after: ruleRecord(row!),
          });
          return row!.id;
        }),
      );
      forgetRules();
      return ruleForAdmins(id);
    },

    /** Changes a rule; a change that changes nothing records nothing (decision 049). */
    async updateRule(id: number, input: TScreeningRuleInput, record: RecordChange) {
      await patternGuarded(() =>
        db.transaction(async (tx) => {
          const before = await findRuleForUpdate(tx, id);
          if (!before) throw notFound("Rule");
          const same = (Object.keys(input) as Array<keyof TScreeningRuleInput>).every(
            (key) => before[key] === input[key],
          );
          if (same) return;
          const [after] = await tx
            .update(adScreeningRules)
            .set({ ...input, updated_at: new Date() })
            .where(eq(adScreeningRules.id, id))
            .returning();
          await record(tx, {
            action: "screening_rule.update",
            targetType: "screening_rule",
            targetId: id,
            before: ruleRecord(before),
            after: ruleRecord(after!),
          });
        }),
      );
      forgetRules();
      return ruleForAdmins(id);
    },

    /** Deletes a rule; the flags it raised go with it (ad_flags.rule_id cascades). */
    async deleteRule(id: number, record: RecordChange) {
      await db.transaction(async (tx) => {
        const before = await findRuleForUpdate(tx, id);
        if (!before) throw notFound("Rule");
        await tx.delete(adScreeningRules).where(eq(adScreeningRules.id, id));
        await record(tx, {
          action: "screening_rule.delete",
          targetType: "screening_rule",
          targetId: id,
          before: ruleRecord(before),
        });
      });
      forgetRules();
    },
  };

  async function ruleForAdmins(id: number) {
    const [rule] = await findRulesForAdmins(db, id);
    if (!rule) throw notFound("Rule");
    return rule as TScreeningRule;
  }
}

/** What the audit log keeps of a rule. */
const ruleRecord = (rule: { kind: string; pattern: string; action: string; reason: string }) => ({
  kind: rule.kind,
  pattern: rule.pattern,
  action: rule.action,
  reason: rule.reason,
});

/** The unique index on (kind, lower(pattern)) decides a race two admins' identical rules would otherwise win both. */
async function patternGuarded<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "ad_screening_rules_unique")) {
      throw fieldError("pattern", SCREENING_MESSAGES.patternTaken);
    }
    throw error;
  }
}

export type AdScreening = ReturnType<typeof createAdScreening>;
