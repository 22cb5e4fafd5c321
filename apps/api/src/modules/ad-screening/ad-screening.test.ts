import { readdir } from "node:fs/promises";
import path from "node:path";
import { AD_FLAG_LABELS, PHOTO_HASH_MAX_DISTANCE, SCREENING_MESSAGES } from "@waterside/shared/ad-screening";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adFlags } from "../../db/schema/ad-screening.ts";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { adImages, ads } from "../../db/schema/ads.ts";
import { backfillAdImageSizes } from "../../db/seed/ad-image-sizes.ts";
import { encodeAdPhoto, storeAdImage } from "../../lib/images.ts";
import { hammingDistance, photoHash } from "../../lib/photo-hash.ts";
import { createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";
import { compileRule, findContacts, matchRules } from "./text-screening.ts";
import { carAdFields, findCars, type Cars } from "../../test/car-ad.ts";

const ctx = useTestApp();
type Headers = Record<string, string>;
let cars: Cars;
let adminHeaders: Headers;
let adminId: number;

beforeAll(async () => {
  cars = await findCars(ctx.db);
  const admin = await signedInAdmin(ctx.app, ctx.db, "Rules Admin");
  adminHeaders = admin.headers;
  adminId = admin.admin.id;
});

/** A photo-like picture: a seeded grid of colours, smoothly enlarged, so it has structure at every scale. */
async function photo(seed: number, width = 800, height = 600) {
  let state = seed * 7919 + 17;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * 256);
  };
  const grid = Buffer.from(Array.from({ length: 12 * 9 * 3 }, next));
  return sharp(grid, { raw: { width: 12, height: 9, channels: 3 } })
    .resize(width, height, { kernel: "cubic" })
    .png()
    .toBuffer();
}
/** The same photo as another seller would post it: halved and saved again as a lower-quality JPEG. */
const resaved = async (original: Buffer) => sharp(original).resize(400).jpeg({ quality: 60 }).toBuffer();

let sequence = 0;
const fields = (overrides: Record<string, string> = {}) =>
  carAdFields(cars, {
    title: `Honda Fit 2015 number ${++sequence}`,
    "attributes[Brand]": "Honda",
    "attributes[Year]": "2015",
    ...overrides,
  });

async function send(url: string, headers: Headers, values: Record<string, string>, files: Buffer[], key = "images[]") {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const [index, body] of files.entries())
    form.append(key.replace("{i}", String(index)), new Blob([body]), "p.png");
  const body = await multipart(form);
  return ctx.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const post = (headers: Headers, files: Buffer[], overrides: Record<string, string> = {}) =>
  send("/api/ads/create", headers, fields(overrides), files);
async function posted(headers: Headers, files: Buffer[], overrides: Record<string, string> = {}) {
  const response = await post(headers, files, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; images: Array<{ id: number }> };
}

const flagsOf = (adId: number) =>
  ctx.db
    .select({
      reason: adFlags.reason,
      other_ad_id: adFlags.other_ad_id,
      rule_id: adFlags.rule_id,
      detail: adFlags.detail,
    })
    .from(adFlags)
    .where(eq(adFlags.ad_id, adId))
    .orderBy(adFlags.id);
const storedAdFiles = async () => (await readdir(path.join(inject("mediaDir"), "ads")).catch(() => [])).length;
const adCount = async (userId: number) =>
  (await ctx.db.select({ id: ads.id }).from(ads).where(eq(ads.user_id, userId))).length;

type QueueItem = {
  id: number;
  flags: Array<{
    reason: string;
    label: string;
    detail: string;
    other_ad: { id: number; title: string; status: { name: string }; user: { id: number; name: string } } | null;
  }>;
};
async function queue(query: string) {
  const response = await ctx.app.inject({ url: `/api/admin/moderation-queue?${query}`, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.data as QueueItem[];
}

const rules = (method: "GET" | "POST" | "PUT" | "DELETE", url = "", payload?: object, headers = adminHeaders) =>
  ctx.app.inject({ method, url: `/api/admin/screening-rules${url}`, headers, ...(payload ? { payload } : {}) });
async function addRule(rule: { kind: string; pattern: string; action: string; reason: string }) {
  const response = await rules("POST", "", rule);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

// Each post encodes its photos: on a busy 2-core machine a test of several posts takes more than the default 20 s.
const POSTS = { timeout: 90_000 };

describe("photo hashes (decision 078)", POSTS, () => {
  it("finds a resized, re-encoded copy within the distance and tells different photos apart", async () => {
    const distances = { copies: [] as number[], different: [] as number[] };
    for (let seed = 1; seed <= 3; seed++) {
      const original = await photo(seed);
      const hash = (await photoHash(original))!;
      // The upload's decoded copy gives the hash the original itself gives: nothing is lost by not decoding twice.
      expect((await encodeAdPhoto(original)).phash).toBe(hash);
      for (const copy of [
        await resaved(original),
        await sharp(original).resize(1600).webp({ quality: 50 }).toBuffer(),
        await sharp(original).modulate({ brightness: 1.08 }).jpeg({ quality: 80 }).toBuffer(),
      ]) {
        distances.copies.push(hammingDistance(hash, (await photoHash(copy))!));
      }
      distances.different.push(hammingDistance(hash, (await photoHash(await photo(seed + 100)))!));
    }
    expect(Math.max(...distances.copies)).toBeLessThanOrEqual(PHOTO_HASH_MAX_DISTANCE);
    expect(Math.min(...distances.different)).toBeGreaterThan(PHOTO_HASH_MAX_DISTANCE * 3);
  });

  it("gives photos stored before the hash theirs when images:backfill runs", async () => {
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, { user_id: seller.id });
    const original = await photo(7);
    const { variants, phash } = await encodeAdPhoto(original);
    const key = await storeAdImage(ctx.storage, "ads", variants);
    const [row] = await ctx.db
      .insert(adImages)
      .values({ ad_id: ad.id, path: key, order: 0 })
      .returning({ id: adImages.id });
    const result = await backfillAdImageSizes(ctx.db, ctx.storage, { after: row!.id - 1 });
    expect(result.hashed).toBe(1);
    const [stored] = await ctx.db.select({ phash: adImages.phash }).from(adImages).where(eq(adImages.id, row!.id));
    // Hashed from the stored large size, the hash is the upload's within the distance.
    expect(hammingDistance(stored!.phash!, phash!)).toBeLessThanOrEqual(PHOTO_HASH_MAX_DISTANCE);
    expect((await backfillAdImageSizes(ctx.db, ctx.storage, { after: row!.id - 1 })).hashed).toBe(0);
  });

  it("gives a plain colour no hash: every blank picture would match every other", async () => {
    const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    expect((await encodeAdPhoto(plain)).phash).toBeNull();
  });
});

describe("duplicate photos at posting", POSTS, () => {
  it("posts another seller's photo but flags the ad, linking both ads in the moderation queue", async () => {
    const first = await signedInUser(ctx.app, ctx.db, { name: "Original Seller" });
    const shared = await photo(11);
    const original = await posted(first.headers, [shared, await photo(12)]);

    const second = await signedInUser(ctx.app, ctx.db);
    const copy = await posted(second.headers, [await photo(13), await resaved(shared)]);
    expect(await flagsOf(copy.id)).toEqual([
      {
        reason: "duplicate_photo",
        other_ad_id: original.id,
        rule_id: null,
        detail: `Photo 2 also in ad #${original.id}`,
      },
    ]);
    expect(await flagsOf(original.id)).toEqual([]);

    const flagged = await queue("flagged=yes&per_page=100");
    const item = flagged.find((entry) => entry.id === copy.id)!;
    expect(item.flags).toEqual([
      {
        id: expect.any(Number),
        reason: "duplicate_photo",
        label: AD_FLAG_LABELS.duplicate_photo,
        detail: `Photo 2 also in ad #${original.id}`,
        other_ad: {
          id: original.id,
          title: expect.any(String),
          status: { id: AD_STATUS.active, name: "Active" },
          user: { id: first.user.id, name: "Original Seller" },
        },
        created_at: expect.any(String),
      },
    ]);
    // Only flagged ads: the original, unflagged, is not listed.
    expect(flagged.map((entry) => entry.id)).not.toContain(original.id);
    expect((await queue("per_page=100")).find((entry) => entry.id === original.id)?.flags).toEqual([]);
  });

  it("refuses the seller's own photo again with 422 under images, storing nothing", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const mine = await photo(21);
    await posted(headers, [mine, await photo(22)]);
    const ads = await adCount(user.id);
    const files = await storedAdFiles();

    const again = await post(headers, [await photo(23), await resaved(mine)]);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: SCREENING_MESSAGES.ownDuplicatePhoto,
      errors: { images: [SCREENING_MESSAGES.ownDuplicatePhoto] },
    });
    expect(await adCount(user.id)).toBe(ads);
    expect(await storedAdFiles()).toBe(files);
  });

  it("ignores ads that are not live: the seller may post the photo of a sold or hidden ad", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const mine = await photo(31);
    const sold = await posted(headers, [mine, await photo(32)]);
    await ctx.db.update(ads).set({ status_id: AD_STATUS.sold }).where(eq(ads.id, sold.id));
    const again = await posted(headers, [await resaved(mine), await photo(33)]);
    expect(await flagsOf(again.id)).toEqual([]);
  });

  it("stores the hash of every photo, and a repost copies them", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await posted(headers, [await photo(41), await photo(42)]);
    const rows = await ctx.db.select({ phash: adImages.phash }).from(adImages).where(eq(adImages.ad_id, ad.id));
    expect(rows.map((row) => typeof row.phash)).toEqual(["bigint", "bigint"]);
    await ctx.db.update(ads).set({ status_id: AD_STATUS.expired }).where(eq(ads.id, ad.id));
    const repost = await ctx.app.inject({ method: "POST", url: `/api/ads/${ad.id}/repost`, headers });
    expect(repost.statusCode, repost.body).toBe(201);
    const copied = await ctx.db
      .select({ phash: adImages.phash })
      .from(adImages)
      .where(eq(adImages.ad_id, repost.json().data.id))
      .orderBy(adImages.order);
    expect(copied).toEqual(rows);
    // The reposted ad is live now: reposting the same expired ad again would be the seller's own photo twice.
    const twice = await ctx.app.inject({ method: "POST", url: `/api/ads/${ad.id}/repost`, headers });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.images).toEqual([SCREENING_MESSAGES.ownDuplicatePhoto]);
  });
});

describe("banned words and patterns", POSTS, () => {
  it("refuses an ad matching a 'refuse' word with 422 naming the rule, whatever its case and accents", async () => {
    const rule = await addRule({
      kind: "word",
      pattern: "tramadol",
      action: "refuse",
      reason: "Selling medicines needs a licence",
    });
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const refused = await post(headers, [await photo(51), await photo(52)], {
      description: "Also have TRAMADÓL tablets, cheap.",
    });
    expect(refused.statusCode).toBe(422);
    const message = SCREENING_MESSAGES.refusedByRule("Selling medicines needs a licence");
    expect(refused.json()).toEqual({ message, errors: { description: [message] } });
    expect(await adCount(user.id)).toBe(0);
    // A whole word only: "tramadolx" is another word.
    await posted(headers, [await photo(53), await photo(54)], { title: "Tramadolx brand radio" });
    await rules("DELETE", `/${rule.id}`);
  });

  it("flags an ad matching a 'flag' word or pattern, naming the words, and lets it through", async () => {
    const word = await addRule({ kind: "word", pattern: "gold bars", action: "flag", reason: "Often a scam" });
    const pattern = await addRule({
      kind: "pattern",
      pattern: "western\\s*union|money\\s*gram",
      action: "flag",
      reason: "Payment outside the site",
    });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await posted(headers, [await photo(61), await photo(62)], {
      title: "Gold  Bars and a Honda Fit",
      description: "Pay by MoneyGram before delivery.",
    });
    expect(await flagsOf(ad.id)).toEqual([
      { reason: "rule", other_ad_id: null, rule_id: word.id, detail: "Matches 'gold  bars' (Often a scam)" },
      {
        reason: "rule",
        other_ad_id: null,
        rule_id: pattern.id,
        detail: "Matches 'MoneyGram' (Payment outside the site)",
      },
    ]);
    // A deleted rule takes its flags with it.
    await rules("DELETE", `/${word.id}`);
    await rules("DELETE", `/${pattern.id}`);
    expect(await flagsOf(ad.id)).toEqual([]);
  });

  it("refuses a 'refuse' pattern in the title under title", async () => {
    const rule = await addRule({
      kind: "pattern",
      pattern: "\\bfake\\s+(passport|id)s?\\b",
      action: "refuse",
      reason: "Forged documents are illegal",
    });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const refused = await post(headers, [await photo(71), await photo(72)], { title: "Fake IDs made fast" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      title: [SCREENING_MESSAGES.refusedByRule("Forged documents are illegal")],
    });
    await rules("DELETE", `/${rule.id}`);
  });

  it("matches words folded and whole, patterns as regular expressions (unit)", () => {
    const compiled = [
      compileRule({ id: 1, kind: "word", pattern: "Fake ID", action: "flag", reason: "r" }),
      compileRule({ id: 2, kind: "word", pattern: "gun", action: "flag", reason: "r" }),
      compileRule({ id: 3, kind: "pattern", pattern: "\\d{3}-\\d{4}", action: "flag", reason: "r" }),
    ];
    const ids = (title: string, description = "") =>
      matchRules(compiled, { title, description }).map((match) => match.rule.id);
    expect(ids("fake-id for sale")).toEqual([1]);
    expect(ids("FAKÉ   ÍD")).toEqual([1]);
    expect(ids("fake identity card")).toEqual([]);
    expect(ids("begun", "Guns and a gun")).toEqual([2]);
    expect(ids("Radio", "code 555-1234")).toEqual([3]);
    // Rules that would match every ad match none: a word of nothing but an accent, a pattern matching no text.
    const empty = [
      compileRule({ id: 4, kind: "word", pattern: "\u0301", action: "refuse", reason: "r" }),
      compileRule({ id: 5, kind: "pattern", pattern: "z*", action: "refuse", reason: "r" }),
    ];
    expect(matchRules(empty, { title: "Honda Fit", description: "Clean." })).toEqual([]);
  });
});

describe("contacts and low prices", POSTS, () => {
  it("flags phone numbers and links in the description, never refusing them", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await posted(headers, [await photo(81), await photo(82)], {
      description: "Call 0886 123 456 or see www.cheapcars.lr for more.",
    });
    expect(await flagsOf(ad.id)).toEqual([
      { reason: "contact", other_ad_id: null, rule_id: null, detail: "0886 123 456, www.cheapcars.lr" },
    ]);
    expect(findContacts("WhatsApp +231 77 765 4321, https://wa.me/231777654321. Also facebook.com/cars")).toEqual([
      "+231 77 765 4321",
      "https://wa.me/231777654321",
      "facebook.com/cars",
    ]);
    expect(findContacts("Year 2014, 120000 km, 1.5 litre engine, price 6500 USD")).toEqual([]);
  });

  it("flags a price under a third of the guide's median on seeded prices, and not a fair one", async () => {
    const seller = await createUser(ctx.db);
    for (const price of [5000, 5400, 5600, 5800, 6000]) {
      await createAd(ctx.db, {
        user_id: seller.id,
        subcategory_id: cars.id,
        price,
        attributeValues: { Brand: "Subaru", Year: "2015" },
      });
    }
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const brand = { "attributes[Brand]": "Subaru" };
    const cheap = await posted(headers, [await photo(91), await photo(92)], { ...brand, price: "300" });
    expect(await flagsOf(cheap.id)).toEqual([
      { reason: "low_price", other_ad_id: null, rule_id: null, detail: "$300 against a typical $5,600" },
    ]);
    const fair = await posted(headers, [await photo(93), await photo(94)], { ...brand, price: "4000" });
    expect(await flagsOf(fair.id)).toEqual([]);
  });
});

describe("an owner's edit", POSTS, () => {
  it("replaces the ad's flags with what the new content earns, in the edit", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await posted(headers, [await photo(101), await photo(102)], {
      description: "Call 0886 123 456 any time.",
    });
    expect((await flagsOf(ad.id)).map((flag) => flag.reason)).toEqual(["contact"]);

    const other = await signedInUser(ctx.app, ctx.db);
    const elsewhere = await photo(103);
    const theirs = await posted(other.headers, [elsewhere, await photo(104)]);

    const edit = (description: string, upload: Buffer[] = []) =>
      send(
        `/api/ads/${ad.id}`,
        headers,
        {
          ...fields({ description }),
          _method: "patch",
          "images[update][0][id]": String(ad.images[0]!.id),
          "images[update][0][order]": "0",
          "images[update][1][id]": String(ad.images[1]!.id),
          "images[update][1][order]": "1",
        },
        upload,
        "images[upload][{i}][file]",
      );
    const edited = await edit("No phone here, chat on the site.", [await resaved(elsewhere)]);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await flagsOf(ad.id)).toEqual([
      { reason: "duplicate_photo", other_ad_id: theirs.id, rule_id: null, detail: `Photo 3 also in ad #${theirs.id}` },
    ]);

    // An edit that adds a photo of the seller's other live ad is refused, and the ad keeps what it had.
    const second = await photo(105);
    await posted(headers, [second, await photo(106)]);
    const own = await edit("Fine words.", [await resaved(second)]);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ images: [SCREENING_MESSAGES.ownDuplicatePhoto] });
    expect((await flagsOf(ad.id)).map((flag) => flag.reason)).toEqual(["duplicate_photo"]);
  });
});

describe("the rules API (admins only, audited)", POSTS, () => {
  const audits = (ruleId: number) =>
    ctx.db
      .select({
        action: adminAuditLog.action,
        admin_id: adminAuditLog.admin_id,
        before: adminAuditLog.before,
        after: adminAuditLog.after,
      })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, "screening_rule"), eq(adminAuditLog.target_id, ruleId)))
      .orderBy(adminAuditLog.id);

  it("creates, lists newest first, updates and deletes rules, each write audited", async () => {
    const created = await rules("POST", "", {
      kind: "word",
      pattern: "  counterfeit ",
      action: "flag",
      reason: "Fakes",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: SCREENING_MESSAGES.created,
      data: {
        kind: "word",
        pattern: "counterfeit",
        action: "flag",
        reason: "Fakes",
        created_by: { id: adminId, name: "Rules Admin" },
      },
    });
    const id = created.json().data.id as number;
    const newer = await addRule({ kind: "pattern", pattern: "replica\\w*", action: "flag", reason: "Fakes" });
    const listed = await rules("GET");
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data.map((rule: { id: number }) => rule.id)
        .slice(0, 2),
    ).toEqual([newer.id, id]);

    const updated = await rules("PUT", `/${id}`, {
      kind: "word",
      pattern: "counterfeit",
      action: "refuse",
      reason: "Fakes",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ message: SCREENING_MESSAGES.updated, data: { id, action: "refuse" } });
    // The same values again change nothing and record nothing.
    expect(
      (await rules("PUT", `/${id}`, { kind: "word", pattern: "counterfeit", action: "refuse", reason: "Fakes" }))
        .statusCode,
    ).toBe(200);

    const deleted = await rules("DELETE", `/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: null, message: SCREENING_MESSAGES.deleted });
    const before = { kind: "word", pattern: "counterfeit", action: "flag", reason: "Fakes" };
    const after = { ...before, action: "refuse" };
    expect(await audits(id)).toEqual([
      { action: "screening_rule.create", admin_id: adminId, before: null, after: before },
      { action: "screening_rule.update", admin_id: adminId, before, after },
      { action: "screening_rule.delete", admin_id: adminId, before: after, after: null },
    ]);
    await rules("DELETE", `/${newer.id}`);
  });

  it("a changed rule takes effect at the next post in this process", async () => {
    const rule = await addRule({ kind: "word", pattern: "snakeoil", action: "flag", reason: "Quackery" });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    expect((await post(headers, [await photo(111), await photo(112)], { title: "Snakeoil tonic" })).statusCode).toBe(
      201,
    );
    await rules("PUT", `/${rule.id}`, { kind: "word", pattern: "snakeoil", action: "refuse", reason: "Quackery" });
    expect(
      (await post(headers, [await photo(113), await photo(114)], { title: "Snakeoil tonic again" })).statusCode,
    ).toBe(422);
    await rules("DELETE", `/${rule.id}`);
  });

  it("answers 422 with field messages, and 404 for an unknown rule", async () => {
    const invalid = await rules("POST", "", { kind: "phrase", pattern: " ", action: "ban", reason: "x".repeat(201) });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({
      kind: [SCREENING_MESSAGES.kindInvalid],
      pattern: [SCREENING_MESSAGES.patternRequired],
      action: [SCREENING_MESSAGES.actionInvalid],
      reason: [SCREENING_MESSAGES.reasonTooLong],
    });
    for (const pattern of ["(unclosed", "(a+)+$", "(\\w*)*x"]) {
      const bad = await rules("POST", "", { kind: "pattern", pattern, action: "flag", reason: "r" });
      expect(bad.statusCode, pattern).toBe(422);
      expect(bad.json().errors).toEqual({ pattern: [SCREENING_MESSAGES.patternInvalid] });
    }
    const rule = await addRule({ kind: "word", pattern: "Knockoff", action: "flag", reason: "Fakes" });
    const taken = await rules("POST", "", { kind: "word", pattern: "knockoff", action: "refuse", reason: "Again" });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: SCREENING_MESSAGES.patternTaken,
      errors: { pattern: [SCREENING_MESSAGES.patternTaken] },
    });
    const body = { kind: "word", pattern: "x", action: "flag", reason: "r" };
    expect((await rules("PUT", "/999999", body)).statusCode).toBe(404);
    expect((await rules("DELETE", "/999999")).statusCode).toBe(404);
    await rules("DELETE", `/${rule.id}`);
    const [{ count } = { count: -1 }] = await ctx.db.execute<{ count: number }>(
      sql`select count(*)::int as count from admin_audit_log where target_type = 'screening_rule' and target_id = 999999`,
    );
    expect(count).toBe(0);
  });

  it("is for admins only: a visitor gets 401 and a user token 403", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const body = { kind: "word", pattern: "nope", action: "flag", reason: "r" };
    expect((await rules("GET", "", undefined, {})).statusCode).toBe(401);
    expect((await rules("GET", "", undefined, headers)).statusCode).toBe(403);
    expect((await rules("POST", "", body, headers)).statusCode).toBe(403);
    expect((await rules("PUT", "/1", body, headers)).statusCode).toBe(403);
    expect((await rules("DELETE", "/1", undefined, headers)).statusCode).toBe(403);
  });
});
