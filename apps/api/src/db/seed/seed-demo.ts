import { BRAND } from "@waterside/shared/brand";
import { hash } from "@node-rs/argon2";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { and, eq, sql } from "drizzle-orm";
import type { Storage } from "../../lib/storage.ts";
import { encodeAdPhoto, storeAdImage, storeSingleImage, type ImageVariants } from "../../lib/images.ts";
import type { Database, Transaction } from "../database.ts";
import { admins } from "../schema/admin-auth.ts";
import { writeDemoModeration } from "./seed-demo-moderation.ts";
import { writeDemoScreening } from "./seed-demo-screening.ts";
import { writeDemoAlerts } from "./seed-demo-alerts.ts";
import { writeDemoDeals } from "./seed-demo-deals.ts";
import { writeDemoExchangeRates } from "./seed-demo-exchange-rates.ts";
import { demoAdPrice } from "./seed-demo-prices.ts";
import { adAttributeValues, adImages, ads } from "../schema/ads.ts";
import { chatMessages, chats } from "../schema/chat.ts";
import {
  areas,
  categories as categoriesTable,
  counties as countiesTable,
  subcategories as subcategoriesTable,
  subcategoryAttributes,
} from "../schema/catalog.ts";
import { companies, users } from "../schema/users.ts";
import { createDomainEvents } from "../../lib/domain-events.ts";
import { createTrustService } from "../../modules/trust/trust.service.ts";
import { categories } from "./reference/categories.ts";
import type { SeedAttribute, SeedSubcategory } from "./reference/reference-types.ts";
import { seededRandom } from "./placeholder-images.ts";
import { DEMO_SHOTS, drawDemoPhoto, type DemoScene, type DemoSubject } from "./demo-photos.ts";
import { defaultDemoPhotoCacheDir, openDemoPhotoCache } from "./demo-photo-cache.ts";
import { DEMO_STOCK, demoSubjects, type DemoValues } from "./demo-stock.ts";
import {
  writeDemoAnalytics,
  writeDemoEngagement,
  writeDemoPayments,
  writeDemoReports,
} from "./seed-demo-engagement.ts";

export const DEMO_PASSWORD = "waterside-demo";

export const DEMO_ADMIN = { name: `${BRAND} Admin`, email: "admin@demo.waterside.lr" };
/**
 * The demo admin's authenticator secret (RFC 6238, base32): enrolled already, so the start banner can print it for an
 * authenticator app (development only) and the journeys can compute its codes. Demo data only; never a real admin's.
 */
export const DEMO_ADMIN_TOTP_SECRET = "JBSWY3DPEHPK3PXPWATERSIDEDEMOADM";
/** A second admin, so the Admins page lists more than the one reading it (decision 057). */
export const DEMO_SECOND_ADMIN = { name: "Patience Flomo", email: "moderator@demo.waterside.lr" };
/**
 * A third, for support: another admin to suspend and reactivate. The journeys suspend this one while another signs the
 * second in with their authenticator, so neither waits for the other (each code is taken once).
 */
export const DEMO_SUPPORT_ADMIN = { name: "Jallah Kpoto", email: "support@demo.waterside.lr" };

export const DEMO_ACCOUNTS = [
  { name: "Musu Kollie", email: "musu@demo.waterside.lr", business: false, phone: "231886123456" },
  { name: "Emmanuel Toe", email: "emmanuel@demo.waterside.lr", business: false, phone: "231777234567" },
  { name: "Fatu Kamara", email: "fatu@demo.waterside.lr", business: false, phone: "231886345678" },
  { name: "Joseph Weah", email: "joseph@demo.waterside.lr", business: false, phone: "231776456789" },
  { name: "Comfort Doe", email: "comfort@demo.waterside.lr", business: false, phone: "231880567890" },
  { name: "Prince Johnson", email: "prince@demo.waterside.lr", business: false, phone: "231777678901" },
  { name: "Hawa Sirleaf", email: "hawa@demo.waterside.lr", business: false, phone: "231886789012" },
  { name: "Mohammed Sheriff", email: "mohammed@demo.waterside.lr", business: false, phone: "231775890123" },
  {
    name: "Red Light Motors",
    email: "motors@demo.waterside.lr",
    business: true,
    phone: "231886901234",
    company: {
      address: "Red Light, Paynesville, Montserrado",
      latitude: 6.2833,
      longitude: -10.7081,
      description: "Foreign used cars, SUVs and spare parts, cleared and ready to drive.",
    },
    trades: ["Vehicles", "Motorbikes & Keke"],
  },
  {
    name: "Sinkor Phones & Gadgets",
    email: "gadgets@demo.waterside.lr",
    business: true,
    phone: "231777012345",
    company: {
      address: "Tubman Boulevard, Sinkor, Monrovia",
      latitude: 6.2907,
      longitude: -10.7829,
      description: "Original phones, tablets, laptops and accessories with warranty.",
    },
    trades: ["Phones & Tablets", "Electronics"],
  },
  {
    name: "Bong Mines Solar",
    email: "solar@demo.waterside.lr",
    business: true,
    phone: "231886112233",
    company: {
      address: "Main Street, Gbarnga, Bong County",
      latitude: 6.9956,
      longitude: -9.4722,
      description: "Solar panels, batteries, inverters and installation across Bong and Nimba.",
    },
    trades: ["Solar & Generators"],
  },
  {
    name: "Congo Town Realty",
    email: "realty@demo.waterside.lr",
    business: true,
    phone: "231777223344",
    company: {
      address: "Old Road, Congo Town, Monrovia",
      latitude: 6.2718,
      longitude: -10.7528,
      description: "Houses, apartments, shops and land for rent and sale, with proper deeds.",
    },
    trades: ["Property for Rent", "Property for Sale", "Land"],
  },
  {
    name: "Harbel Farm Supply",
    email: "farm@demo.waterside.lr",
    business: true,
    phone: "231886334455",
    company: {
      address: "Firestone Road, Harbel, Margibi",
      latitude: 6.2723,
      longitude: -10.3495,
      description: "Seeds, fertiliser, chicks, feed and farm tools for Liberian farmers.",
    },
    trades: ["Agriculture & Food"],
  },
  {
    name: "Waterside Fashion House",
    email: "fashion@demo.waterside.lr",
    business: true,
    phone: "231777445566",
    company: {
      address: "Water Street, Waterside, Monrovia",
      latitude: 6.3133,
      longitude: -10.8047,
      description: "Lappa, wax print, ready-made clothes, shoes and bags for the whole family.",
    },
    trades: ["Fashion", "Babies & Kids"],
  },
  {
    name: "Duala Building Supplies",
    email: "building@demo.waterside.lr",
    business: true,
    phone: "231886556677",
    company: {
      address: "Duala Market, Bushrod Island, Monrovia",
      latitude: 6.3406,
      longitude: -10.7869,
      description: "Cement, blocks, zinc, timber, plumbing and electrical supplies, delivered to your site.",
    },
    trades: ["Building Materials"],
  },
  {
    name: "Paynesville Home & Furniture",
    email: "home@demo.waterside.lr",
    business: true,
    phone: "231777667788",
    company: {
      address: "ELWA Junction, Paynesville, Montserrado",
      latitude: 6.2402,
      longitude: -10.7016,
      description: "Sofas, beds, mattresses, kitchenware and home decor, new and locally made.",
    },
    trades: ["Furniture & Home"],
  },
] as const;

type DemoEmail = (typeof DEMO_ACCOUNTS)[number]["email"];

/**
 * Demo accounts without a verified phone (issue 27): an individual and a business, so badges and the verified_sellers
 * filter have something to tell apart. Every other account's phone is verified, as E.164.
 */
export const DEMO_UNVERIFIED: ReadonlySet<DemoEmail> = new Set(["joseph@demo.waterside.lr", "farm@demo.waterside.lr"]);

/**
 * How fast demo sellers answer a chat (decision 070), so the reply-time badges vary: the minutes to a first answer
 * are drawn in the range of the seller's pace. Sellers named here also get past conversations enough for figures
 * (TRUST_MIN_CHATS); the rest answer within half an hour in the few chats they have, and show no figures.
 */
const REPLY_PACES = {
  /** "Usually replies within an hour". */
  hour: { min: 3, max: 40, unanswered: 0 },
  /** "… within a few hours" or "… within a day". */
  day: { min: 150, max: 16 * 60, unanswered: 0 },
  /** "… in more than a day", and some chats never answered. */
  slow: { min: 26 * 60, max: 60 * 60, unanswered: 0.3 },
} as const;
const DEMO_REPLY_PACE: Partial<Record<DemoEmail, keyof typeof REPLY_PACES>> = {
  "home@demo.waterside.lr": "hour",
  "gadgets@demo.waterside.lr": "hour",
  "motors@demo.waterside.lr": "hour",
  "prince@demo.waterside.lr": "hour",
  "musu@demo.waterside.lr": "hour",
  "fatu@demo.waterside.lr": "hour",
  "realty@demo.waterside.lr": "day",
  "solar@demo.waterside.lr": "day",
  "hawa@demo.waterside.lr": "day",
  "fashion@demo.waterside.lr": "day",
  "emmanuel@demo.waterside.lr": "day",
  "mohammed@demo.waterside.lr": "slow",
};

/**
 * WebP effort for the demo's photos: half the encoding time of an upload's (the first start encodes hundreds), for
 * files about 6 % larger. Production never seeds demo data.
 */
const DEMO_WEBP_EFFORT = 2;
/** How many photos demo ads show: mostly 3, as sellers post, from 2 to 5. */
const PHOTO_COUNTS = [2, 2, 3, 3, 3, 4, 5] as const;

interface DemoPhotoSpec {
  subject: DemoSubject;
  scene: DemoScene;
  look: number;
  shot: number;
}

interface DemoOptions {
  ads: number;
  seed?: number;
  log?: (line: string) => void;
  /** Where encoded demo photos are kept between starts (demo-photo-cache.ts); null draws every photo afresh. */
  photoCache?: string | null;
}

/**
 * Development demo data on an empty database: individual and business users, and ads spread over
 * subcategories, counties, prices and dates, each with its own 2–8 WebP photos in storage.
 */
export async function seedDemoData(
  db: Database,
  storage: Storage,
  { ads: adCount, seed = 2024, log = () => {}, photoCache = defaultDemoPhotoCacheDir() }: DemoOptions,
) {
  if ((await db.$count(users)) > 0) return { seeded: false };
  const random = seededRandom(seed);
  const passwordHash = await hash(DEMO_PASSWORD);
  const catalog = await loadDemoCatalog(db);

  // All or nothing: a start interrupted while seeding leaves an empty database, seeded again next time.
  await db.transaction(async (tx) => {
    await writeDemoData(tx, storage, { adCount, random, passwordHash, catalog, log, photoCache });
  });
  // The sellers' response figures, as the daily sweep would compute them from the chats (decision 070).
  log("Computing the sellers' response figures…");
  await createTrustService(db, createDomainEvents(console)).recomputeEveryone();
  return { seeded: true };
}

async function writeDemoData(
  db: Transaction,
  storage: Storage,
  {
    adCount,
    random,
    passwordHash,
    catalog,
    log,
    photoCache,
  }: {
    adCount: number;
    random: ReturnType<typeof seededRandom>;
    passwordHash: string;
    catalog: DemoCatalogEntry[];
    log: (line: string) => void;
    photoCache: string | null;
  },
) {
  const [admin] = await db
    .insert(admins)
    .values({
      ...DEMO_ADMIN,
      password_hash: passwordHash,
      totp_secret: DEMO_ADMIN_TOTP_SECRET,
      totp_enabled_at: new Date(),
    })
    .returning({ id: admins.id });
  await db.insert(admins).values([
    { ...DEMO_SECOND_ADMIN, password_hash: passwordHash },
    { ...DEMO_SUPPORT_ADMIN, password_hash: passwordHash },
  ]);
  const userRows: Array<typeof users.$inferSelect> = [];
  for (const account of DEMO_ACCOUNTS) {
    const [user] = await db
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        password_hash: passwordHash,
        phone_number: account.phone,
        verified_phone_number: DEMO_UNVERIFIED.has(account.email) ? null : `+${account.phone}`,
        usertype_id: account.business ? USER_TYPE.company : USER_TYPE.individual,
        bio: account.business
          ? account.company.description
          : `Buying and selling in Monrovia since ${random.int(2015, 2023)}.`,
        created_at: new Date(Date.now() - random.int(120, 900) * 86_400_000),
      })
      .returning();
    if (account.business) {
      // The banner shows the firm's stock: a photo of its first trade's first subcategory.
      const stock = DEMO_STOCK[catalog.find((entry) => entry.category === account.trades[0])!.seed.name]!;
      const banner = await storeSingleImage(
        storage,
        "banners",
        await drawDemoPhoto({ subject: stock.photos.other[0]!, scene: stock.scene, shot: 3, look: user!.id }),
        IMAGE_SIZES.banner,
      );
      await db.insert(companies).values({ user_id: user!.id, banner_image: banner, ...account.company });
    }
    userRows.push(user!);
  }

  const areaRows = await db
    .select({ id: areas.id, name: areas.name, county_id: areas.county_id, county: countiesTable.name })
    .from(areas)
    .innerJoin(countiesTable, eq(countiesTable.id, areas.county_id));
  // Most of the market is in and around Monrovia.
  const montserrado = areaRows.filter((area) => area.county === "Montserrado");

  // A business sells in its trades only (a motor dealer sells vehicles), beside individuals, who sell anything.
  const individuals = userRows.filter((_, index) => !DEMO_ACCOUNTS[index]!.business);
  const tradersOf = (category: string) =>
    userRows.filter((_, index) => {
      const account = DEMO_ACCOUNTS[index]!;
      return account.business && (account.trades as readonly string[]).includes(category);
    });

  log(`Writing ${adCount} demo ads…`);
  const now = Date.now();
  const planned = Array.from({ length: adCount }, (_, index) => {
    const entry = catalog[index % catalog.length]!;
    const area = random.next() < 0.6 ? random.pick(montserrado) : random.pick(areaRows);
    const fake = fakeAd(entry, area.name, random);
    const traders = tradersOf(entry.category);
    const seller = traders.length && random.next() < 0.6 ? random.pick(traders) : random.pick(individuals);
    // Four months of ads, most of them recent; the last few were posted today and yesterday, so the moderation
    // queue always has new ads waiting whatever the number of ads.
    const age = index >= adCount - Math.max(2, Math.ceil(adCount * 0.03)) ? random.next() / 60 : random.next() ** 1.5;
    const createdAt = new Date(now - Math.floor(age * 120 * 86_400_000));
    // The same thing photographed as its seller would: 2–5 shots, starting from a different one per ad.
    // One look per subject and subcategory keeps the photos to draw near 1.2 per ad; the shots still differ per ad.
    const subject = random.pick(fake.subjects);
    const look = entry.subcategoryId;
    const firstShot = random.int(0, DEMO_SHOTS - 1);
    const photos = Array.from({ length: random.pick(PHOTO_COUNTS) }, (_, order) => ({
      subject,
      scene: fake.scene,
      look,
      shot: (firstShot + order) % DEMO_SHOTS,
    }));
    return { entry, area, fake, seller, createdAt, photos, hidden: random.next() < 0.04 };
  });

  // Each distinct photo is drawn and encoded once, two at a time (sharp works off the event loop), or read from the
  // cache of an earlier start, then every ad stores its own copies.
  const drawn = new Map<string, ImageVariants>();
  // Each photo's perceptual hash, stored with every copy as posting stores it (decision 078).
  const hashes = new Map<string, bigint | null>();
  const photoKey = (photo: DemoPhotoSpec) =>
    [photo.subject.main, ...(photo.subject.companions ?? []), photo.scene, photo.look, photo.shot].join(":");
  const pending = [...new Map(planned.flatMap((ad) => ad.photos).map((photo) => [photoKey(photo), photo])).values()];
  const cache = photoCache === null ? null : await openDemoPhotoCache(photoCache, DEMO_WEBP_EFFORT);
  let cached = 0;
  log(`Drawing ${pending.length} demo photos…`);
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      for (let photo = pending.pop(); photo; photo = pending.pop()) {
        const key = photoKey(photo);
        let encoded = await cache?.get(key);
        if (encoded) cached++;
        else {
          encoded = await encodeAdPhoto(await drawDemoPhoto(photo), "images", DEMO_WEBP_EFFORT);
          await cache?.put(key, encoded);
        }
        drawn.set(key, encoded.variants);
        hashes.set(key, encoded.phash);
      }
    }),
  );
  if (cached) log(`  ${cached} of them read from ${photoCache}`);

  const adRows: Array<{ id: number; sellerId: number }> = [];
  for (const [index, { entry, area, fake, seller, createdAt, photos, hidden }] of planned.entries()) {
    const imageKeys: string[] = [];
    for (const photo of photos) imageKeys.push(await storeAdImage(storage, "ads", drawn.get(photoKey(photo))!));

    const [ad] = await db
      .insert(ads)
      .values({
        user_id: seller.id,
        category_id: entry.categoryId,
        subcategory_id: entry.subcategoryId,
        county_id: area.county_id,
        area_id: area.id,
        location: `${area.name}, ${area.county}`,
        title: fake.title,
        description: fake.description,
        ...demoAdPrice(entry.seed.name, fake.price),
        status_id: hidden ? AD_STATUS.hidden : AD_STATUS.active,
        visibility_score: Math.floor(random.next() ** 3 * 100),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning({ id: ads.id });
    await db
      .insert(adImages)
      .values(
        imageKeys.map((path, order) => ({ ad_id: ad!.id, path, order, phash: hashes.get(photoKey(photos[order]!)) })),
      );
    adRows.push({ id: ad!.id, sellerId: seller.id });
    const attributeRows = fake.values.map(([subcategory_attribute_id, value]) => ({
      ad_id: ad!.id,
      subcategory_attribute_id,
      value,
    }));
    if (attributeRows.length) await db.insert(adAttributeValues).values(attributeRows);
    if ((index + 1) % 100 === 0) log(`  ${index + 1} ads`);
  }
  const paceOf = new Map(userRows.map((user, index) => [user.id, DEMO_REPLY_PACE[DEMO_ACCOUNTS[index]!.email]]));
  await writeDemoChats(db, userRows, adRows, random, paceOf);
  await writeDemoChatHistory(db, userRows, adRows, random, paceOf);
  await writeDemoEngagement(db, userRows, adRows, random);
  await writeDemoReports(db, userRows, adRows);
  await writeDemoAnalytics(db);
  // Before the payments, whose L$ ones are charged at a rate in force (no random draw here).
  await writeDemoExchangeRates(db, admin!.id);
  await writeDemoPayments(db);
  await writeDemoDeals(db);
  await writeDemoLifecycle(db, adRows, random);
  // No random draw from here on: the flags pick their ads by id (issue 28).
  await writeDemoScreening(db, storage, admin!.id);
  await writeDemoModeration(db, admin!.id);
  await writeDemoAlerts(db);
}

/** Every this many ads, one expires within 3 days, and one (another) has expired: My Ads shows each state. */
const EXPIRING_EVERY = 20;
const EXPIRED_EVERY = 30;
/** Ads sold to a buyer who chatted with the seller about them. */
const SOLD_ADS = 3;
/** The seller two of whose ads always expire in 3 days (60 hours). */
const THREE_DAYS_LEFT_SELLER = "mohammed@demo.waterside.lr";

/**
 * Ads in every state of their life (issue 28): a few expiring within three days (the reminder's and Renew's),
 * a few expired, and a few sold to a buyer who chatted about them, recently enough for their page to show Sold.
 * The rest expire a month from now, as the column's default says.
 */
async function writeDemoLifecycle(
  db: Transaction,
  adRows: Array<{ id: number; sellerId: number }>,
  random: ReturnType<typeof seededRandom>,
) {
  const day = 86_400_000;
  const now = Date.now();
  // A boosted ad lives at least as long as its boost (decision 075): those stay as they are.
  const active = (
    await db
      .select({ id: ads.id })
      .from(ads)
      .where(
        and(
          eq(ads.status_id, AD_STATUS.active),
          sql`not exists (select 1 from subscriptions s where s.ad_id = ${ads.id} and s.status = 'active')`,
        ),
      )
      .orderBy(ads.id)
  ).map((row) => row.id);
  // Sold ads come from the rest, so each state keeps its few.
  const sellable = new Set(active);
  for (const [index, id] of active.entries()) {
    if (index % EXPIRING_EVERY === 3) {
      sellable.delete(id);
      await db
        .update(ads)
        .set({ expires_at: new Date(now + random.int(6, 70) * 3_600_000) })
        .where(eq(ads.id, id));
    } else if (index % EXPIRED_EVERY === 7) {
      sellable.delete(id);
      await db
        .update(ads)
        .set({ status_id: AD_STATUS.expired, expires_at: new Date(now - random.int(1, 10) * day) })
        .where(eq(ads.id, id));
    }
  }
  // Two of one named seller's ads show "3 days left" whatever the random draws (the lifecycle journey renews one at
  // each screen size).
  const [renewer] = await db.select({ id: users.id }).from(users).where(eq(users.email, THREE_DAYS_LEFT_SELLER));
  const renewerAds = active.filter((id) => adRows.find((ad) => ad.id === id)?.sellerId === renewer?.id).slice(0, 2);
  for (const id of renewerAds) {
    sellable.delete(id);
    await db
      .update(ads)
      .set({ status_id: AD_STATUS.active, expires_at: new Date(now + 60 * 3_600_000) })
      .where(eq(ads.id, id));
  }
  // The buyer is the other person of a chat about the ad; one sale per seller, so no seller loses many ads.
  const talks = await db
    .select({ ad_id: chats.ad_id, low: chats.user_low_id, high: chats.user_high_id, status_id: ads.status_id })
    .from(chats)
    .innerJoin(ads, eq(ads.id, chats.ad_id))
    .orderBy(chats.id);
  const sellers = new Set<number>();
  for (const talk of talks) {
    if (sellers.size === SOLD_ADS) break;
    const sellerId = adRows.find((ad) => ad.id === talk.ad_id)!.sellerId;
    if (!sellable.has(talk.ad_id!) || sellers.has(sellerId)) continue;
    sellers.add(sellerId);
    await db
      .update(ads)
      .set({
        status_id: AD_STATUS.sold,
        sold_at: new Date(now - random.int(1, 10) * day),
        buyer_user_id: talk.low === sellerId ? talk.high : talk.low,
      })
      .where(eq(ads.id, talk.ad_id!));
  }
}

/** Conversations as they go on the market: a question, the seller's answer, haggling; the newest ones unread. */
const DEMO_CONVERSATIONS = [
  ["I’m interested", "Hello, it is still available.", "Last Price?", "Give me 10% less and it is yours."],
  ["Call me", "Ok, I will call you this evening.", "Thank you. Can we meet in Sinkor tomorrow?"],
  ["Is the price negotiable?", "Small small. Come see it first.", "Where can I see it?", "Red Light, near the market."],
  ["Does it come with the charger?", "Yes, charger and box."],
] as const;

type ReplyPaces = Map<number, keyof typeof REPLY_PACES | undefined>;

/** Minutes a seller of this pace takes to answer; null: never answers. */
function replyMinutes(pace: keyof typeof REPLY_PACES | undefined, random: ReturnType<typeof seededRandom>) {
  const { min, max, unanswered } = REPLY_PACES[pace ?? "hour"];
  return random.next() < unanswered ? null : random.int(min, pace ? max : 30);
}

/**
 * Writes a chat's lines, buyer and seller in turn: the seller's first answer after `answerAfter` minutes (null: none),
 * then a line every ten minutes. Lines that would fall after now are not written: the chat is still waiting.
 */
async function writeConversation(
  db: Transaction,
  { chatId, buyerId, sellerId, start }: { chatId: number; buyerId: number; sellerId: number; start: number },
  lines: readonly string[],
  answerAfter: number | null,
) {
  const now = Date.now();
  const at = (line: number) => (line === 0 ? start : start + answerAfter! * 60_000 + (line - 1) * 600_000);
  const written = lines.slice(0, answerAfter === null ? 1 : lines.length).filter((_, line) => at(line) <= now);
  const rows = await db
    .insert(chatMessages)
    .values(
      written.map((text, line) => ({
        chat_id: chatId,
        sender_id: line % 2 === 0 ? buyerId : sellerId,
        text,
        created_at: new Date(at(line)),
        // The last line waits to be read; the rest were read.
        read_at: line < written.length - 1 ? new Date(Math.min(at(line) + 60_000, now)) : null,
      })),
    )
    .returning({ id: chatMessages.id, created_at: chatMessages.created_at });
  const last = rows[rows.length - 1]!;
  await db
    .update(chats)
    .set({ last_message_id: last.id, last_message_at: last.created_at })
    .where(eq(chats.id, chatId));
}

/** A chat of two users about an ad (the pair stored in order, as chats keep it); null when they have one already. */
async function openDemoChat(db: Transaction, buyerId: number, sellerId: number, adId: number | null, at?: Date) {
  const [low, high] = buyerId < sellerId ? [buyerId, sellerId] : [sellerId, buyerId];
  const [chat] = await db
    .insert(chats)
    .values({ user_low_id: low, user_high_id: high, ad_id: adId, ...(at && { created_at: at }) })
    .onConflictDoNothing()
    .returning({ id: chats.id });
  return chat ?? null;
}

async function writeDemoChats(
  db: Transaction,
  userRows: Array<{ id: number }>,
  adRows: Array<{ id: number; sellerId: number }>,
  random: ReturnType<typeof seededRandom>,
  paceOf: ReplyPaces,
) {
  const now = Date.now();
  // The first demo accounts are buyers who wrote to sellers; every account has chats to open.
  for (const [index, buyer] of userRows.entries()) {
    const othersAds = adRows.filter((ad) => ad.sellerId !== buyer.id);
    for (let chatIndex = 0; chatIndex < 2 && othersAds.length; chatIndex++) {
      const ad = random.pick(othersAds);
      const chat = await openDemoChat(db, buyer.id, ad.sellerId, ad.id);
      if (!chat) continue;
      const lines = DEMO_CONVERSATIONS[(index + chatIndex) % DEMO_CONVERSATIONS.length]!;
      const start = now - random.int(1, 72) * 3_600_000;
      const conversation = { chatId: chat.id, buyerId: buyer.id, sellerId: ad.sellerId, start };
      await writeConversation(db, conversation, lines, replyMinutes(paceOf.get(ad.sellerId), random));
    }
  }
}

/** Past conversations each paced seller had in the last weeks: enough for their response figures (decision 070). */
const HISTORY_CHATS = 4;

/**
 * Each seller with a reply pace had HISTORY_CHATS conversations opened by different buyers 3 to 80 days ago, about one
 * of their ads, answered at their pace: their cards say how fast they usually reply.
 */
async function writeDemoChatHistory(
  db: Transaction,
  userRows: Array<{ id: number }>,
  adRows: Array<{ id: number; sellerId: number }>,
  random: ReturnType<typeof seededRandom>,
  paceOf: ReplyPaces,
) {
  const now = Date.now();
  for (const [index, seller] of userRows.entries()) {
    const pace = paceOf.get(seller.id);
    if (!pace) continue;
    const ownAds = adRows.filter((ad) => ad.sellerId === seller.id);
    // Buyers in turn from the seller's neighbour on, so no two of the seller's past chats share a buyer.
    const buyers = [...userRows.slice(index + 1), ...userRows.slice(0, index)];
    let written = 0;
    for (const buyer of buyers) {
      if (written === HISTORY_CHATS) break;
      const ad = ownAds.length ? random.pick(ownAds) : null;
      const start = now - random.int(3 * 24, 80 * 24) * 3_600_000;
      const chat = await openDemoChat(db, buyer.id, seller.id, ad?.id ?? null, new Date(start));
      if (!chat) continue;
      const lines = DEMO_CONVERSATIONS[(index + written) % DEMO_CONVERSATIONS.length]!.slice(0, 3);
      const conversation = { chatId: chat.id, buyerId: buyer.id, sellerId: seller.id, start };
      await writeConversation(db, conversation, lines, replyMinutes(pace, random));
      written += 1;
    }
  }
}

export type DemoCatalogEntry = Awaited<ReturnType<typeof loadDemoCatalog>>[number];

/** The seeded catalog joined back to the reference data that describes how to fake its ads. */
export async function loadDemoCatalog(db: Database) {
  const subRows = await db
    .select({
      id: subcategoriesTable.id,
      name: subcategoriesTable.name,
      category_id: subcategoriesTable.category_id,
      category: categoriesTable.name,
    })
    .from(subcategoriesTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, subcategoriesTable.category_id));
  const links = await db.select().from(subcategoryAttributes);
  const result = [];
  for (const category of categories) {
    for (const sub of category.subcategories) {
      const row = subRows.find((candidate) => candidate.category === category.name && candidate.name === sub.name);
      if (!row) continue;
      const subLinks = links.filter((link) => link.subcategory_id === row.id).sort((a, b) => a.position - b.position);
      result.push({
        categoryId: row.category_id,
        subcategoryId: row.id,
        category: category.name,
        colors: category.colors,
        seed: sub as SeedSubcategory,
        attributes: sub.attributes.map((attribute, position) => ({ seed: attribute, linkId: subLinks[position]!.id })),
      });
    }
  }
  return result;
}

/**
 * A plausible ad of the entry's subcategory in `areaName`: title, description, price and attribute values that agree
 * with each other (demo-stock.ts), and what its photos show. A subcategory the demo stock does not know (one an
 * admin added) gets a price in its reference range and the subcategory's generic photos.
 */
export function fakeAd(entry: DemoCatalogEntry, areaName: string, random: ReturnType<typeof seededRandom>) {
  const values: DemoValues = new Map(
    entry.attributes.map((attribute) => [attribute.seed.name, generateValue(attribute.seed, random)]),
  );
  const stock = DEMO_STOCK[entry.seed.name];
  stock?.settle?.(values, random);
  const fill = (template: string) =>
    withoutRepeatedWords(
      template
        .replace(/\{area\}/g, areaName)
        .replace(/\{([^}]+)\}/g, (_match, name: string) => values.get(name) ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    );
  const sentences = [...entry.seed.descriptions].sort(() => random.next() - 0.5).slice(0, random.int(2, 4));
  const [low, high] = entry.seed.priceRange;
  const price = stock ? stock.price(values, random, areaName) : low + (high - low) * random.next() ** 2;
  return {
    title: fill(random.pick(entry.seed.titles)).slice(0, 120),
    description: sentences.map(fill).join(" "),
    price: roundPrice(price),
    scene: stock?.scene ?? "studio",
    subjects: stock ? demoSubjects(stock, values) : [{ main: "1f6cd" }],
    values: entry.attributes
      .map((attribute) => [attribute.linkId, values.get(attribute.seed.name) ?? ""] as [number, string])
      .filter(([, value]) => value !== ""),
  };
}

/** "Kids Kids Shoes" → "Kids Shoes": a template word and a value that ends with it do not stutter. */
export function withoutRepeatedWords(text: string): string {
  return text.replace(/\b([\p{L}\p{N}'’-]+)(?:\s+\1\b)+/giu, "$1");
}

function generateValue(attribute: SeedAttribute, random: ReturnType<typeof seededRandom>): string {
  if (attribute.type === "Boolean") return random.next() < 0.6 ? "Yes" : "No";
  if (attribute.options?.length) return random.pick(attribute.options);
  if (attribute.type === "Number") {
    const [min, max] = attribute.range ?? [1, 10];
    return String(random.int(min, max));
  }
  return "";
}

/** Prices people actually ask: whole dollars (spec: no decimals), rounded to a friendly step. */
function roundPrice(value: number): number {
  const step = value >= 100_000 ? 5_000 : value >= 10_000 ? 500 : value >= 1_000 ? 50 : value >= 100 ? 5 : 1;
  return Math.max(step, Math.round(value / step) * step);
}
