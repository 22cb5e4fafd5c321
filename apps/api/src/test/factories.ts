import { and, eq } from "drizzle-orm";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { App } from "../app.ts";
import type { Database } from "../db/database.ts";
import type { Principal } from "../modules/auth/tokens.ts";
import { moderationQueueAds } from "../db/schema/admin.ts";
import { admins } from "../db/schema/admin-auth.ts";
import { ensureAdmin } from "../modules/admin-auth/create-admin.ts";
import { adAttributeValues, adImages, ads } from "../db/schema/ads.ts";
import { areas, attributes, counties, subcategories, subcategoryAttributes } from "../db/schema/catalog.ts";
import { users } from "../db/schema/users.ts";

let sequence = 0;

/** A user with an email (every account has one except those created by phone). */
type UserOverrides = Partial<Omit<typeof users.$inferInsert, "email">> & { email?: string };

export async function createUser(db: Database, overrides: UserOverrides = {}) {
  sequence += 1;
  const email = overrides.email ?? `user${sequence}-${Date.now()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({ name: `Test User ${sequence}`, usertype_id: USER_TYPE.individual, ...overrides, email })
    .returning();
  return { ...user!, email };
}

interface AdExtras {
  /** Area name; Sinkor (Montserrado) unless given. */
  area?: string;
  /** Attribute values by attribute name, e.g. { Brand: "Toyota" }. */
  attributeValues?: Record<string, string>;
  images?: number;
}

/**
 * An ad in the given (or first) subcategory, with attribute values and image rows when asked. It enters the
 * moderation queue unreviewed, as a posted ad does (the queue's `ad.created` reaction).
 */
export async function createAd(
  db: Database,
  {
    area: areaName = "Sinkor",
    attributeValues = {},
    images = 0,
    ...overrides
  }: Partial<typeof ads.$inferInsert> & {
    user_id: number;
  } & AdExtras,
) {
  const [subcategory] = await db
    .select()
    .from(subcategories)
    .where(eq(subcategories.id, overrides.subcategory_id ?? 1));
  const [area] = await db
    .select({ id: areas.id, county_id: areas.county_id, name: areas.name, county: counties.name })
    .from(areas)
    .innerJoin(counties, eq(counties.id, areas.county_id))
    .where(eq(areas.name, areaName));
  const [ad] = await db
    .insert(ads)
    .values({
      category_id: subcategory!.category_id,
      subcategory_id: subcategory!.id,
      county_id: area!.county_id,
      area_id: area!.id,
      location: `${area!.name}, ${area!.county}`,
      title: "Toyota Corolla 2012 for sale",
      description: "Clean car, no issues.",
      price: 5500,
      // A US$ ad unless told otherwise: its own price is its price.
      price_local: overrides.price ?? 5500,
      status_id: AD_STATUS.active,
      ...overrides,
    })
    .returning();
  await db.insert(moderationQueueAds).values({ ad_id: ad!.id });
  for (const [name, value] of Object.entries(attributeValues)) {
    const [link] = await db
      .select({ id: subcategoryAttributes.id })
      .from(subcategoryAttributes)
      .innerJoin(attributes, eq(attributes.id, subcategoryAttributes.attribute_id))
      .where(and(eq(subcategoryAttributes.subcategory_id, subcategory!.id), eq(attributes.name, name)));
    if (!link) throw new Error(`Subcategory ${subcategory!.name} has no attribute ${name}`);
    await db.insert(adAttributeValues).values({ ad_id: ad!.id, subcategory_attribute_id: link.id, value });
  }
  if (images > 0) {
    await db
      .insert(adImages)
      .values(
        Array.from({ length: images }, (_, order) => ({ ad_id: ad!.id, path: `ads/test-${ad!.id}-${order}`, order })),
      );
  }
  return ad!;
}

/** Headers of a signed-in user on a fresh device session, as a client sends them after login. */
export async function authHeaders(app: App, principal: Principal, deviceId = `device-${++sequence}`) {
  const authorization = await app.tokens.startSession(principal, deviceId);
  return { authorization: `Bearer ${authorization.token}` };
}

/** A new user, signed in: the user row and the headers to act as them. */
export async function signedInUser(app: App, db: Database, overrides: UserOverrides = {}) {
  const user = await createUser(db, overrides);
  return { user, headers: await authHeaders(app, { kind: "user", userId: user.id }) };
}

/** A new admin, signed in: the admin row and the headers to act as them. */
export async function signedInAdmin(app: App, db: Database, name = `Admin ${++sequence}`) {
  const email = `admin${++sequence}-${Date.now()}@example.com`;
  await ensureAdmin(db, { email, password: "admin-password", name });
  const [admin] = await db.select().from(admins).where(eq(admins.email, email));
  return { admin: admin!, headers: await authHeaders(app, { kind: "admin", adminId: admin!.id }) };
}
