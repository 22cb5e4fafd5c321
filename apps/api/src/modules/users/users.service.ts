import { hash, verify } from "@node-rs/argon2";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { TCompanyUpgrade, TPasswordChange, TProfileUpdate, TPublicUser, TUser } from "@waterside/shared/users";
import { USER_MESSAGES } from "@waterside/shared/users-messages";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { companies, emailEquals, users } from "../../db/schema/users.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { toE164 } from "../../lib/phone-numbers.ts";
import { singleImageFile, storeSingleImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { removeFiles, storeThenWrite, type FileWriter } from "../../lib/stored-files.ts";
import { HttpError, fieldError, notFound } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
import { loadTrust } from "../trust/trust-figures.ts";
import { loadUserResource, toPublicUser } from "./user-resource.ts";

/** A picture field of the profile form: a new file, or the URL of the one already there (kept as is). */
export interface PictureField {
  new?: Buffer;
  old?: string;
}

export function createUsersService({
  db,
  storage,
  tokens,
  events,
  mediaBaseUrl,
}: {
  db: Database;
  storage: Storage;
  tokens: TokenService;
  events: DomainEvents;
  mediaBaseUrl: string;
}) {
  async function load(userId: number): Promise<TUser> {
    const user = await loadUserResource(db, userId, mediaBaseUrl);
    if (!user) throw new HttpError(401, "Please log in to continue.");
    return user;
  }

  /** Stores a new picture; the caller removes the old file after its row no longer names it. */
  async function storePicture(
    files: FileWriter,
    picture: PictureField | undefined,
    folder: string,
    size: { width: number; height: number },
    field: string,
  ) {
    return picture?.new ? storeSingleImage(files, folder, picture.new, size, field) : undefined;
  }

  return {
    load,

    async publicProfile(userId: number, viewerId: number | undefined): Promise<TPublicUser> {
      const [user, trust] = await Promise.all([loadUserResource(db, userId, mediaBaseUrl), loadTrust(db, userId)]);
      if (!user || !trust || user.status_id !== USER_STATUS.active) throw notFound("User");
      return toPublicUser(user, trust, { withContact: viewerId !== undefined, self: viewerId === userId });
    },

    async updateProfile(
      userId: number,
      input: TProfileUpdate,
      images: { profile_image?: PictureField; banner_image?: PictureField },
    ): Promise<TUser> {
      const before = await load(userId);
      // An account created by phone may have no email yet; one that has an email keeps one (decision 068).
      if (input.email === undefined && before.email !== null) throw fieldError("email", USER_MESSAGES.emailRequired);
      if (input.email !== undefined) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(emailEquals(users.email, input.email), ne(users.id, userId)));
        if (taken) throw fieldError("email", USER_MESSAGES.emailTaken);
      }
      // The verified number stays verified only while the profile's number is still it, however it is written.
      const [{ verifiedNumber } = { verifiedNumber: null }] = await db
        .select({ verifiedNumber: users.verified_phone_number })
        .from(users)
        .where(eq(users.id, userId));
      const keepsVerifiedNumber = verifiedNumber !== null && toE164(input.phone_number) === verifiedNumber;

      const isCompany = before.usertype_id === USER_TYPE.company;
      try {
        await storeThenWrite(storage, {
          store: async (files) => ({
            profileImage: await storePicture(
              files,
              images.profile_image,
              "profiles",
              IMAGE_SIZES.profile,
              "images.profile_image",
            ),
            bannerImage: isCompany
              ? await storePicture(files, images.banner_image, "banners", IMAGE_SIZES.banner, "images.banner_image")
              : undefined,
          }),
          write: ({ profileImage, bannerImage }) =>
            events.transaction(db, async (tx, publish) => {
              await tx
                .update(users)
                .set({
                  name: input.name,
                  email: input.email ?? null,
                  phone_number: input.phone_number,
                  ...(!keepsVerifiedNumber && { verified_phone_number: null }),
                  bio: input.bio ?? null,
                  ...(profileImage && { profile_image: profileImage }),
                  updated_at: new Date(),
                })
                .where(eq(users.id, userId));
              // A number no longer verified leaves the seller's trust, and their ads' visibility_score (decision 070).
              if (verifiedNumber !== null && !keepsVerifiedNumber) await publish("trust.changed", { userId });
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
            }),
          // Replaced pictures are no longer named by any row: their files go.
          replaced: ({ profileImage, bannerImage }) => [
            ...(profileImage && before.profile_image ? [singleImageFile(before.profile_image)] : []),
            ...(bannerImage && before.company?.banner_image ? [singleImageFile(before.company.banner_image)] : []),
          ],
        });
      } catch (error) {
        // Two profiles racing for one email: the unique index decides.
        if (isUniqueViolation(error, "users_email_lower_unique")) throw fieldError("email", USER_MESSAGES.emailTaken);
        throw error;
      }
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
      await storeThenWrite(storage, {
        store: async (files) =>
          banner ? await storeSingleImage(files, "banners", banner, IMAGE_SIZES.banner, "banner_image") : null,
        write: (bannerImage) =>
          db.transaction(async (tx) => {
            await tx
              .update(users)
              .set({ usertype_id: USER_TYPE.company, updated_at: new Date() })
              .where(eq(users.id, userId));
            // A company may request payments: signed-in checks kept in every process read the type again.
            await tokens.userChanged(userId, tx);
            await tx.insert(companies).values({
              user_id: userId,
              address: input.address,
              description: input.description,
              latitude: input.latitude ?? null,
              longitude: input.longitude ?? null,
              banner_image: bannerImage,
            });
          }),
      });
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
            verified_phone_number: null,
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
      const pictures = [before.profile_image, before.company?.banner_image];
      await removeFiles(
        storage,
        pictures.flatMap((key) => (key ? [singleImageFile(key)] : [])),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
