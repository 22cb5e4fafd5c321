import { hash, verify } from "@node-rs/argon2";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import {
  USER_MESSAGES,
  type TCompanyUpgrade,
  type TPasswordChange,
  type TProfileUpdate,
  type TPublicUser,
  type TUser,
} from "@waterside/shared/users";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { companies, users } from "../../db/schema/users.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { storeSingleImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { HttpError, fieldError, notFound } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
import { loadUserResource, toPublicUser } from "./user-resource.ts";

/** A picture field of the profile form: a new file, or the URL of the one already there (kept as is). */
export interface PictureField {
  new?: Buffer;
  old?: string;
}

const fileOf = (key: string) => `${key}.webp`;

export function createUsersService({
  db,
  storage,
  tokens,
  events,
}: {
  db: Database;
  storage: Storage;
  tokens: TokenService;
  events: DomainEvents;
}) {
  async function load(userId: number): Promise<TUser> {
    const user = await loadUserResource(db, userId);
    if (!user) throw new HttpError(401, "Please log in to continue.");
    return user;
  }

  /** Stores a new picture; the caller removes the old file after its row no longer names it. */
  async function storePicture(
    picture: PictureField | undefined,
    folder: string,
    size: { width: number; height: number },
    field: string,
  ) {
    return picture?.new ? storeSingleImage(storage, folder, picture.new, size, field) : undefined;
  }

  return {
    load,

    async publicProfile(userId: number, viewer: { signedIn: boolean }): Promise<TPublicUser> {
      const user = await loadUserResource(db, userId);
      if (!user || user.status_id !== USER_STATUS.active) throw notFound("User");
      return toPublicUser(user, { withContact: viewer.signedIn });
    },

    async updateProfile(
      userId: number,
      input: TProfileUpdate,
      images: { profile_image?: PictureField; banner_image?: PictureField },
    ): Promise<TUser> {
      const before = await load(userId);
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, ne(users.id, userId)));
      if (taken) throw fieldError("email", USER_MESSAGES.emailTaken);

      const isCompany = before.usertype_id === USER_TYPE.company;
      const profileImage = await storePicture(
        images.profile_image,
        "profiles",
        IMAGE_SIZES.profile,
        "images.profile_image",
      );
      const bannerImage = isCompany
        ? await storePicture(images.banner_image, "banners", IMAGE_SIZES.banner, "images.banner_image")
        : undefined;
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({
              name: input.name,
              email: input.email,
              phone_number: input.phone_number,
              bio: input.bio ?? null,
              ...(profileImage && { profile_image: profileImage }),
              updated_at: new Date(),
            })
            .where(eq(users.id, userId));
          if (isCompany && (input.company || bannerImage)) {
            await tx
              .update(companies)
              .set({
                ...(input.company && {
                  address: input.company.address ?? null,
                  description: input.company.description ?? null,
                  latitude: input.company.latitude ?? null,
                  longitude: input.company.longitude ?? null,
                }),
                ...(bannerImage && { banner_image: bannerImage }),
                updated_at: new Date(),
              })
              .where(eq(companies.user_id, userId));
          }
        });
      } catch (error) {
        await Promise.all([profileImage, bannerImage].filter(Boolean).map((key) => storage.remove(fileOf(key!))));
        if ((error as { code?: string }).code === "23505") throw fieldError("email", USER_MESSAGES.emailTaken);
        throw error;
      }
      // Replaced pictures are no longer named by any row: their files go.
      if (profileImage && before.profile_image) await storage.remove(fileOf(before.profile_image));
      if (bannerImage && before.company?.banner_image) await storage.remove(fileOf(before.company.banner_image));
      return load(userId);
    },

    async changePassword(userId: number, sessionId: string, input: TPasswordChange) {
      const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, userId));
      const valid = row?.password_hash ? await verify(row.password_hash, input.old_password).catch(() => false) : false;
      if (!valid) throw fieldError("old_password", USER_MESSAGES.oldPasswordWrong);
      await db
        .update(users)
        .set({ password_hash: await hash(input.new_password), updated_at: new Date() })
        .where(eq(users.id, userId));
      // Whoever knew the old password is signed out everywhere else.
      await tokens.revokeUserSessions(userId, sessionId);
    },

    /** Individual → company, never back (spec §1). */
    async switchToCompany(userId: number, input: TCompanyUpgrade, banner: Buffer | undefined): Promise<TUser> {
      const before = await load(userId);
      if (before.usertype_id === USER_TYPE.company) throw new HttpError(409, USER_MESSAGES.alreadyCompany);
      const bannerImage = banner
        ? await storeSingleImage(storage, "banners", banner, IMAGE_SIZES.banner, "banner_image")
        : null;
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ usertype_id: USER_TYPE.company, updated_at: new Date() })
            .where(eq(users.id, userId));
          await tx.insert(companies).values({
            user_id: userId,
            address: input.address,
            description: input.description,
            latitude: input.latitude ?? null,
            longitude: input.longitude ?? null,
            banner_image: bannerImage,
          });
        });
      } catch (error) {
        if (bannerImage) await storage.remove(fileOf(bannerImage));
        throw error;
      }
      return load(userId);
    },

    /**
     * Erases what identifies the person and keeps what others' records need (docs/decisions/019-account-deletion.md):
     * the row stays anonymous so ads' history, reports and payments still point somewhere.
     */
    /**
     * Erases the account (decision 019): its personal data here, and through `user.deleted` everything other
     * modules keep for it (ads, saved ads, ratings, reset codes, sessions), all in one transaction.
     */
    async deleteAccount(userId: number) {
      const before = await load(userId);
      await events.transaction(db, async (tx, publish) => {
        await tx
          .update(users)
          .set({
            name: "Deleted user",
            email: `deleted-${userId}@deleted.invalid`,
            password_hash: null,
            phone_number: null,
            bio: null,
            profile_image: null,
            google_id: null,
            facebook_id: null,
            apple_id: null,
            deleted_at: new Date(),
            updated_at: new Date(),
          })
          .where(eq(users.id, userId));
        await tx.delete(companies).where(eq(companies.user_id, userId));
        await publish("user.deleted", { userId });
      });
      const files = [
        before.profile_image && fileOf(before.profile_image),
        before.company?.banner_image && fileOf(before.company.banner_image),
      ].filter((file): file is string => Boolean(file));
      await Promise.all(files.map((file) => storage.remove(file)));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
