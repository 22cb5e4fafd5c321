import type { TAdFlagReason } from "@waterside/shared/ad-screening";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { adImageFile, adImageFiles, storeAdImage, type ImageVariants } from "../../lib/images.ts";
import { photoHash } from "../../lib/photo-hash.ts";
import type { Storage } from "../../lib/storage.ts";
import { removeFiles } from "../../lib/stored-files.ts";
import type { Transaction } from "../database.ts";
import { adFlags, adScreeningRules } from "../schema/ad-screening.ts";
import { adImages, ads } from "../schema/ads.ts";

/**
 * The banned-words rules an admin of the demo keeps (issue 28, decision 079): one that refuses, two that flag.
 * A journey adds its own and deletes it after, so these stay as they are.
 */
export const DEMO_SCREENING_RULES = [
  {
    kind: "word",
    pattern: "tramadol",
    action: "refuse",
    reason: "Selling prescription medicines is not allowed",
  },
  {
    kind: "word",
    pattern: "western union",
    action: "flag",
    reason: "Payment before seeing the item is a common scam",
  },
  {
    kind: "word",
    pattern: "advance payment",
    action: "flag",
    reason: "Payment before seeing the item is a common scam",
  },
] as const;

/** How many sellers' ads reuse another seller's photo: one pair per screen size of the screening journey. */
const DUPLICATE_PAIRS = 2;
/** The demo's bait price: a quarter of its subcategory's median, under the price guide's third. */
const BAIT_SHARE = 4;
/** What the contact ad's seller wrote, and the soft rule's ad. */
const CONTACT_LINE = "Call or WhatsApp 0886 123 456 for more pictures.";
const RULE_LINE = "Send advance payment by Western Union and I deliver the next day.";

type Flag = { ad_id: number; reason: TAdFlagReason; detail: string; other_ad_id?: number; rule_id?: number };

/**
 * The posting checks' work in the demo (issue 28), so the moderation queue's Flagged only has something of each
 * reason: ads of another seller that reuse a photo (the same stored picture and perceptual hash, linked both ways for
 * the admin), an ad priced far below its subcategory, one that matches a soft rule and one with a phone number in its
 * description. Ads are chosen by id from the live ones no lifecycle state claimed, with no random draw, so the
 * seed's other draws (and the journeys that read them) are unchanged. Runs before the moderation queue is written,
 * which leaves flagged ads unreviewed.
 */
export async function writeDemoScreening(db: Transaction, storage: Storage, adminId: number) {
  const rules = await db
    .insert(adScreeningRules)
    .values(DEMO_SCREENING_RULES.map((rule) => ({ ...rule, created_by: adminId })))
    .returning({ id: adScreeningRules.id, pattern: adScreeningRules.pattern, reason: adScreeningRules.reason });

  // Live ads that stay live for a while: not about to expire (the lifecycle journey's), sold or expired.
  const live = await db
    .select({
      id: ads.id,
      user_id: ads.user_id,
      subcategory_id: ads.subcategory_id,
      price: ads.price,
      description: ads.description,
    })
    .from(ads)
    .where(and(eq(ads.status_id, AD_STATUS.active), gt(ads.expires_at, sql`now() + interval '4 days'`)))
    .orderBy(asc(ads.id));
  const used = new Set<number>();
  const take = (test: (ad: (typeof live)[number]) => boolean, newest = true) => {
    const ad = (newest ? [...live].reverse() : live).find((candidate) => !used.has(candidate.id) && test(candidate));
    if (!ad) return null;
    used.add(ad.id);
    return ad;
  };

  const flags: Flag[] = [];
  for (let pair = 0; pair < DUPLICATE_PAIRS; pair++) {
    const copy = take(() => true);
    const original = copy && take((ad) => ad.user_id !== copy.user_id, false);
    if (!copy || !original) break;
    const [photo] = await db
      .select({ id: adImages.id, path: adImages.path })
      .from(adImages)
      .where(eq(adImages.ad_id, original.id))
      .orderBy(asc(adImages.order))
      .limit(1);
    const variants = Object.fromEntries(
      await Promise.all(
        AD_IMAGE_VARIANTS.map(async (variant) => [variant, await storage.get(adImageFile(photo!.path, variant))]),
      ),
    ) as ImageVariants;
    const phash = await photoHash(variants.large);
    await db.update(adImages).set({ phash }).where(eq(adImages.id, photo!.id));
    // The copy is a file of its own, as an upload of the same photo is: deleting one ad leaves the other's picture.
    const [replaced] = await db
      .select({ id: adImages.id, path: adImages.path })
      .from(adImages)
      .where(eq(adImages.ad_id, copy.id))
      .orderBy(asc(adImages.order))
      .limit(1);
    const path = await storeAdImage(storage, "ads", variants);
    await db.update(adImages).set({ path, phash }).where(eq(adImages.id, replaced!.id));
    await removeFiles(storage, adImageFiles(replaced!.path));
    flags.push({
      ad_id: copy.id,
      reason: "duplicate_photo",
      other_ad_id: original.id,
      detail: `Photo 1 matches a photo of ad #${original.id}`,
    });
  }

  const cheap = take(() => true);
  if (cheap) {
    const [{ median } = { median: cheap.price }] = await db.execute<{ median: number }>(sql`
      select percentile_cont(0.5) within group (order by price)::float as median
      from ads where subcategory_id = ${cheap.subcategory_id} and status_id = ${AD_STATUS.active}`);
    const price = Math.max(1, Math.round(Number(median) / BAIT_SHARE));
    await db.update(ads).set({ price }).where(eq(ads.id, cheap.id));
    flags.push({
      ad_id: cheap.id,
      reason: "low_price",
      detail: `$${price.toLocaleString("en-US")} against a median of $${Math.round(Number(median)).toLocaleString("en-US")}`,
    });
  }

  const soft = rules.find((rule) => rule.pattern === "western union")!;
  const scam = take(() => true);
  if (scam) {
    await db
      .update(ads)
      .set({ description: `${scam.description} ${RULE_LINE}` })
      .where(eq(ads.id, scam.id));
    flags.push({
      ad_id: scam.id,
      reason: "rule",
      rule_id: soft.id,
      detail: `Matches '${soft.pattern}' (${soft.reason})`,
    });
  }

  const contact = take(() => true);
  if (contact) {
    await db
      .update(ads)
      .set({ description: `${contact.description} ${CONTACT_LINE}` })
      .where(eq(ads.id, contact.id));
    flags.push({ ad_id: contact.id, reason: "contact", detail: "0886 123 456" });
  }

  // Flagged when they were posted: never after now.
  if (flags.length) {
    await db.insert(adFlags).values(
      flags.map((flag) => ({
        ...flag,
        created_at: sql`(select created_at from ads where id = ${flag.ad_id})`,
      })),
    );
  }
}
