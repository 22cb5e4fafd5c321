import { hash, verify } from "@node-rs/argon2";
import type { TAuthorization, TLoginCredentials, TRegister } from "@waterside/shared/auth";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { TUser } from "@waterside/shared/users";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { authSessions } from "../../db/schema/auth.ts";
import { emailEquals, users } from "../../db/schema/users.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { storeSingleImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { storeThenWrite } from "../../lib/stored-files.ts";
import { HttpError, fieldError } from "../../plugins/errors.ts";
import { createAccount } from "../users/user-accounts.ts";
import { loadUserResource } from "../users/user-resource.ts";
import type { TokenService } from "./tokens.ts";

export interface RegisterImages {
  profile_image?: Buffer;
  banner_image?: Buffer;
}

/**
 * A hash to verify against when the email is unknown, so a wrong email and a wrong password take the
 * same time and an attacker cannot list registered emails by timing.
 */
const decoyHash = hash("decoy password that never matches");

export const findUserByEmail = (db: Database, email: string) =>
  db
    .select()
    .from(users)
    .where(and(emailEquals(users.email, email), isNull(users.deleted_at)))
    .then((rows) => rows[0]);

export async function isEmailTaken(db: Database, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(emailEquals(users.email, email));
  return Boolean(row);
}

export function createAuthService({
  db,
  storage,
  tokens,
  mediaBaseUrl,
}: {
  db: Database;
  storage: Storage;
  tokens: TokenService;
  mediaBaseUrl: string;
}) {
  async function signedIn(userId: number, deviceId: string | undefined, rememberMe = false) {
    const authorization = await tokens.startSession({ kind: "user", userId }, deviceId, rememberMe);
    const user = (await loadUserResource(db, userId, mediaBaseUrl))!;
    return { user, authorization };
  }

  return {
    signedIn,

    async assertEmailAvailable(email: string) {
      if (await isEmailTaken(db, email)) {
        throw new HttpError(422, AUTH_MESSAGES.validationFailed, { email: [AUTH_MESSAGES.emailTaken] });
      }
    },

    /** Creates the user (and company for a business) with its pictures, then signs in on the device. */
    async register(input: TRegister, images: RegisterImages): Promise<{ user: TUser; authorization: TAuthorization }> {
      if (await isEmailTaken(db, input.email)) throw fieldError("email", AUTH_MESSAGES.emailTaken);
      const business = input.usertype_id === USER_TYPE.company;
      let userId: number;
      try {
        userId = await storeThenWrite(storage, {
          // Pictures are encoded and stored before the transaction; if the rows fail, the files are removed again.
          store: async (files) => ({
            profileImage: images.profile_image
              ? await storeSingleImage(
                  files,
                  "profiles",
                  images.profile_image,
                  IMAGE_SIZES.profile,
                  "images.profile_image",
                )
              : null,
            bannerImage:
              business && images.banner_image
                ? await storeSingleImage(
                    files,
                    "banners",
                    images.banner_image,
                    IMAGE_SIZES.banner,
                    "images.banner_image",
                  )
                : null,
          }),
          write: async ({ profileImage, bannerImage }) => {
            const passwordHash = await hash(input.password);
            return db.transaction(async (tx) => {
              const user = await createAccount(
                tx,
                {
                  name: input.name,
                  email: input.email,
                  password_hash: passwordHash,
                  phone_number: input.phone_number ?? null,
                  bio: input.bio ?? null,
                  usertype_id: input.usertype_id,
                  profile_image: profileImage,
                },
                business
                  ? {
                      banner_image: bannerImage,
                      description: input.description ?? null,
                      address: input.address ?? null,
                      latitude: input.latitude ?? null,
                      longitude: input.longitude ?? null,
                    }
                  : undefined,
              );
              return user.id;
            });
          },
        });
      } catch (error) {
        // Two registrations racing for one email: the unique index decides, the loser hears it plainly.
        if (isUniqueViolation(error, "users_email_lower_unique")) throw fieldError("email", AUTH_MESSAGES.emailTaken);
        throw error;
      }
      return signedIn(userId, input.device_id, input.remember_me);
    },

    /** Whether this device has signed in to the account with this email before (any session, even ended). */
    async hasSignedInOn(email: string, deviceId: string) {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.user_id))
        .where(and(emailEquals(users.email, email), eq(authSessions.device_id, deviceId)))
        .limit(1);
      return Boolean(row);
    },

    async login(input: TLoginCredentials) {
      const user = await findUserByEmail(db, input.email);
      const valid = await verify(user?.password_hash ?? (await decoyHash), input.password).catch(() => false);
      if (!user || !user.password_hash || !valid) {
        throw new HttpError(422, AUTH_MESSAGES.invalidCredentials, { email: [AUTH_MESSAGES.invalidCredentials] });
      }
      if (user.status_id === USER_STATUS.banned) throw new HttpError(403, AUTH_MESSAGES.accountBanned);
      return signedIn(user.id, input.device_id, input.remember_me);
    },

    async refresh(refreshToken: string, deviceId: string) {
      const outcome = await tokens.refresh(refreshToken, deviceId, "user");
      if (!outcome.ok || outcome.principal.kind !== "user") throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      const [user] = await db
        .select({ status_id: users.status_id, deleted_at: users.deleted_at })
        .from(users)
        .where(eq(users.id, outcome.principal.userId));
      if (!user || user.deleted_at) {
        await tokens.revokeSession(outcome.sessionId);
        throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      }
      if (user.status_id === USER_STATUS.banned) {
        await tokens.revokeSession(outcome.sessionId);
        throw new HttpError(403, AUTH_MESSAGES.accountBanned);
      }
      return outcome.authorization;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
