import { eq } from "drizzle-orm";
import { imageVariantUrl } from "@waterside/shared/images";
import type { TTrust } from "@waterside/shared/trust";
import type { TAdmin, TPublicUser, TUser } from "@waterside/shared/users";
import type { Database } from "../../db/database.ts";
import type { admins } from "../../db/schema/admin-auth.ts";
import { companies, userStatuses, userTypes, users } from "../../db/schema/users.ts";

const mediaUrl = (key: string | null, mediaBaseUrl: string) =>
  key ? imageVariantUrl(key, "original", mediaBaseUrl) : null;

/** A user with company, type and status, in the spec's shape (§3 "User"); null when missing or deleted. */
export async function loadUserResource(
  db: Pick<Database, "select">,
  userId: number,
  mediaBaseUrl: string,
): Promise<TUser | null> {
  const [row] = await db
    .select({ user: users, company: companies, usertype: userTypes, status: userStatuses })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.usertype_id))
    .innerJoin(userStatuses, eq(userStatuses.id, users.status_id))
    .leftJoin(companies, eq(companies.user_id, users.id))
    .where(eq(users.id, userId));
  if (!row || row.user.deleted_at) return null;
  const { user, company } = row;
  return {
    id: user.id,
    usertype_id: user.usertype_id,
    status_id: user.status_id,
    google_id: user.google_id,
    facebook_id: user.facebook_id,
    email: user.email,
    name: user.name,
    phone_number: user.phone_number,
    phone_verified: user.verified_phone_number !== null,
    phone_revealable: user.phone_revealable,
    profile_image: user.profile_image,
    profile_image_url: mediaUrl(user.profile_image, mediaBaseUrl),
    bio: user.bio,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    usertype: row.usertype,
    status: row.status,
    company: company
      ? {
          id: company.id,
          user_id: company.user_id,
          banner_image: company.banner_image,
          banner_image_url: mediaUrl(company.banner_image, mediaBaseUrl),
          description: company.description,
          address: company.address,
          latitude: company.latitude,
          longitude: company.longitude,
          created_at: company.created_at.toISOString(),
          updated_at: company.updated_at.toISOString(),
        }
      : null,
  };
}

/**
 * Another user's profile: the email only for a signed-in viewer, so visitors cannot harvest it (decision 033); the
 * phone number only for the user themselves, since buyers reveal it through POST /ads/{id}/phone under a daily cap
 * (decision 072).
 */
export function toPublicUser(
  user: TUser,
  trust: TTrust,
  { withContact, self }: { withContact: boolean; self: boolean },
): TPublicUser {
  const { id, name, usertype_id, usertype, profile_image_url, bio, created_at, company } = user;
  return {
    id,
    name,
    usertype_id,
    usertype,
    profile_image_url,
    bio,
    created_at,
    company,
    email: withContact ? user.email : null,
    phone_number: self ? user.phone_number : null,
    trust,
  };
}

export function toAdminResource(admin: typeof admins.$inferSelect, mediaBaseUrl: string): TAdmin {
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    profile_image_url: mediaUrl(admin.profile_image, mediaBaseUrl),
    created_at: admin.created_at.toISOString(),
  };
}
