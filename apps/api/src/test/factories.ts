import { eq } from "drizzle-orm";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { Database } from "../db/database.ts";
import { areas, ads, counties, subcategories, users } from "../db/schema.ts";

let sequence = 0;

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      name: `Test User ${sequence}`,
      email: `user${sequence}-${Date.now()}@example.com`,
      usertype_id: USER_TYPE.individual,
      ...overrides,
    })
    .returning();
  return user!;
}

/** An ad in the given (or first) subcategory and in Sinkor, Montserrado. */
export async function createAd(db: Database, overrides: Partial<typeof ads.$inferInsert> & { user_id: number }) {
  const [subcategory] = await db
    .select()
    .from(subcategories)
    .where(eq(subcategories.id, overrides.subcategory_id ?? 1));
  const [area] = await db
    .select({ id: areas.id, county_id: areas.county_id, name: areas.name, county: counties.name })
    .from(areas)
    .innerJoin(counties, eq(counties.id, areas.county_id))
    .where(eq(areas.name, "Sinkor"));
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
      status_id: AD_STATUS.active,
      ...overrides,
    })
    .returning();
  return ad!;
}
