import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { IMAGE_SIZES } from "@waterside/shared/images";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { SOCIAL_MESSAGES, type TSocialLogin } from "@waterside/shared/social-auth";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../db/database.ts";
import { emailEquals, users } from "../../../db/schema/users.ts";
import { isUniqueViolation } from "../../../db/unique-violation.ts";
import { storeSingleImage } from "../../../lib/images.ts";
import { assertPublicHost } from "../../../lib/public-addresses.ts";
import type { Storage } from "../../../lib/storage.ts";
import { storeThenWrite, type FileWriter } from "../../../lib/stored-files.ts";
import { HttpError, fieldError } from "../../../plugins/errors.ts";
import { createAccount, linkProvider, type ProviderColumn } from "../../users/user-accounts.ts";
import { loginFailed, type ProviderIdentity } from "./identity.ts";
import type { SocialProviders } from "./providers.ts";

const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Where the providers keep profile pictures (Google's googleusercontent.com, Facebook's CDN and its redirector). A
 * picture's address comes from the provider's answer, so it is held to these hosts on public addresses, like any
 * address the server did not configure itself (docs/decisions/058-outgoing-requests.md).
 */
const PICTURE_HOSTS = ["googleusercontent.com", "fbcdn.net", "fbsbx.com", "facebook.com"];
const PICTURE_REDIRECTS = 3;

const providerColumn = (provider: ProviderIdentity["provider"]) =>
  ({ google: users.google_id, facebook: users.facebook_id, apple: users.apple_id })[provider];

/**
 * Signs in with a provider's token (docs/decisions/018-social-sign-in.md): the user linked to the provider id;
 * else the user with the provider's verified email, now linked; else a new individual user with the
 * provider's name, email and picture and a random password nobody knows (a reset sets a real one).
 */
export function createSocialSignIn({
  db,
  storage,
  providers,
}: {
  db: Database;
  storage: Storage;
  providers: SocialProviders;
}) {
  /** The picture's response, each redirect checked as the first address was; null where it may not go. */
  async function fetchPicture(address: URL, redirectsLeft = PICTURE_REDIRECTS): Promise<Response | null> {
    if (!providers.isConfiguredOrigin(address)) {
      const host = address.hostname.toLowerCase();
      const known = PICTURE_HOSTS.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
      if (address.protocol !== "https:" || address.port !== "" || !known) return null;
      await assertPublicHost(host);
    }
    const response = await fetch(address, { redirect: "manual", signal: AbortSignal.timeout(5000) });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location && redirectsLeft > 0) {
      await response.body?.cancel();
      return fetchPicture(new URL(location, address), redirectsLeft - 1);
    }
    return response;
  }

  /** The provider's picture as the profile picture; a picture that cannot be fetched is simply left out. */
  async function storePicture(files: FileWriter, url: string | null) {
    if (!url) return null;
    try {
      const response = await fetchPicture(new URL(url));
      const type = response?.headers.get("content-type") ?? "";
      if (!response?.ok || !type.startsWith("image/")) return null;
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > PICTURE_MAX_BYTES) return null;
      return await storeSingleImage(files, "profiles", body, IMAGE_SIZES.profile);
    } catch {
      return null;
    }
  }

  async function findOrCreate(identity: ProviderIdentity) {
    const column = providerColumn(identity.provider);
    // Account deletion clears the provider ids, so a deleted account is never found here.
    const [linked] = await db
      .select({ id: users.id, status_id: users.status_id })
      .from(users)
      .where(eq(column, identity.providerId));
    if (linked) return { user: linked, isNew: false };

    if (!identity.email) throw fieldError("provider", SOCIAL_MESSAGES.noEmail(identity.provider));
    const [byEmail] = await db
      .select({ id: users.id, status_id: users.status_id, linkedId: column })
      .from(users)
      .where(and(emailEquals(users.email, identity.email), isNull(users.deleted_at)));
    if (byEmail) {
      // Only the provider's word that the person owns the email may open an existing account.
      if (!identity.emailVerified) throw fieldError("email", AUTH_MESSAGES.emailTaken);
      // The account is already linked to another account of this provider.
      if (byEmail.linkedId && byEmail.linkedId !== identity.providerId) throw loginFailed();
      await linkProvider(db, byEmail.id, column.name as ProviderColumn, identity.providerId);
      return { user: byEmail, isNew: false };
    }

    const email = identity.email;
    const created = await storeThenWrite(storage, {
      store: (files) =>
        Promise.all([hash(randomBytes(32).toString("base64url")), storePicture(files, identity.pictureUrl)]),
      write: async ([passwordHash, profileImage]) => {
        return createAccount(db, {
          name: identity.name?.trim() || email.split("@")[0]!,
          email,
          password_hash: passwordHash,
          usertype_id: USER_TYPE.individual,
          profile_image: profileImage,
          [column.name]: identity.providerId,
        });
      },
    });
    return { user: created, isNew: true };
  }

  return {
    providers: () => providers.describe(),

    async signIn(input: TSocialLogin): Promise<{ userId: number; isNew: boolean }> {
      const identity = await providers.verify(input);
      let found;
      try {
        found = await findOrCreate(identity);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A parallel first sign-in of the same person created or linked the account a moment earlier.
        found = await findOrCreate(identity).catch((again: unknown) => {
          if (isUniqueViolation(again)) throw fieldError("email", AUTH_MESSAGES.emailTaken);
          throw again;
        });
      }
      if (found.user.status_id === USER_STATUS.banned) throw new HttpError(403, AUTH_MESSAGES.accountBanned);
      return { userId: found.user.id, isNew: found.isNew };
    },
  };
}

export type SocialSignIn = ReturnType<typeof createSocialSignIn>;
