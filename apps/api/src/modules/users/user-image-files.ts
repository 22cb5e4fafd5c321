import { inArray } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { companies, users } from "../../db/schema/users.ts";
import type { FileOwner } from "../../lib/orphan-files.ts";

/** Profile pictures and company banners for the orphan sweep: `<folder>/<key>.webp` is kept while a row names `<key>`. */
export function userImageFileOwners(db: Database): FileOwner[] {
  const referenced = async (files: string[]) => {
    const keys = files.map((file) => file.replace(/\.webp$/, ""));
    const [people, staff, banners] = await Promise.all([
      db.select({ key: users.profile_image }).from(users).where(inArray(users.profile_image, keys)),
      db.select({ key: admins.profile_image }).from(admins).where(inArray(admins.profile_image, keys)),
      db.select({ key: companies.banner_image }).from(companies).where(inArray(companies.banner_image, keys)),
    ]);
    const named = new Set([...people, ...staff, ...banners].map((row) => row.key));
    return new Set(files.filter((file) => named.has(file.replace(/\.webp$/, ""))));
  };
  return [
    { prefix: "profiles/", referenced },
    { prefix: "banners/", referenced },
  ];
}
