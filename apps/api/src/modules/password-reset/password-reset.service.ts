import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { hash } from "@node-rs/argon2";
import {
  PASSWORD_RESET_MESSAGES,
  RESET_CODE_LENGTH,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
} from "@waterside/shared/password-reset-messages";
import type { TResetPassword } from "@waterside/shared/password-reset";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { passwordResetCodes } from "../../db/schema/password-reset.ts";
import { emailEquals, users } from "../../db/schema/users.ts";
import type { Mailer } from "../../lib/mailer.ts";
import { fieldError } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
import { setPasswordHash } from "../users/user-accounts.ts";

interface PasswordResetDeps {
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** Keys the code digests, so a leaked table cannot be checked against the 10,000 possible codes. */
  secret: string;
  log: { error(details: object, line: string): void };
  now?: () => Date;
}

/**
 * Spec §7 password reset (docs/decisions/017-password-reset-and-mail.md): a 4-digit code by mail, kept only as
 * an HMAC, valid 10 minutes, void after 5 wrong tries, used once; a new request voids the older code. Replies
 * never tell whether an email is registered.
 */
export function createPasswordResetService({
  db,
  tokens,
  mailer,
  secret,
  log,
  now = () => new Date(),
}: PasswordResetDeps) {
  const digest = (userId: number, code: string) =>
    createHmac("sha256", secret).update(`password-reset:${userId}:${code}`).digest();

  const findActiveUser = (email: string) =>
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(emailEquals(users.email, email), isNull(users.deleted_at)))
      .then((rows) => rows[0]);

  const invalidCode = () => fieldError("code", PASSWORD_RESET_MESSAGES.codeInvalid);

  /** A fresh code replaces any older one, then goes out by mail. */
  async function issueCode(user: { id: number; email: string }) {
    const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, "0");
    await db.transaction(async (tx) => {
      await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.user_id, user.id));
      await tx.insert(passwordResetCodes).values({
        user_id: user.id,
        code_hash: digest(user.id, code).toString("hex"),
        expires_at: new Date(now().getTime() + RESET_CODE_TTL_MINUTES * 60_000),
      });
    });
    await mailer.send({
      to: user.email,
      subject: `Your Waterside password reset code: ${code}`,
      text: [
        `Your code to reset your Waterside password is ${code}.`,
        "",
        `It works for ${RESET_CODE_TTL_MINUTES} minutes, once. If you did not ask for it, ignore this mail: your password stays as it is.`,
      ].join("\n"),
    });
  }

  return {
    /**
     * Resolves after the same single lookup whether or not the email is registered: the code is stored and
     * mailed after the reply, so neither the writes nor the SMTP round trip tell the two apart.
     */
    async sendResetCode(email: string) {
      const user = await findActiveUser(email);
      if (!user) return;
      // Found by its email, so it has one (accounts created by phone have none until added).
      issueCode({ id: user.id, email: user.email ?? email }).catch((error: unknown) =>
        log.error({ err: error, userId: user.id }, "password reset code could not be issued"),
      );
    },

    /** Sets the new password and ends every session of the user, or answers 422 on the code field. */
    async resetPassword({ email, code, password }: TResetPassword) {
      const user = await findActiveUser(email);
      if (!user) throw invalidCode();

      // The try is counted before the comparison, in one statement, so parallel guesses cannot exceed the limit.
      // Only the newest code counts, even if two requests raced to create one.
      const [attempt] = await db
        .update(passwordResetCodes)
        .set({ failed_attempts: sql`${passwordResetCodes.failed_attempts} + 1` })
        .where(
          and(
            eq(
              passwordResetCodes.id,
              sql`(select id from password_reset_codes where user_id = ${user.id} order by created_at desc, id desc limit 1)`,
            ),
            isNull(passwordResetCodes.used_at),
            gt(passwordResetCodes.expires_at, now()),
            lt(passwordResetCodes.failed_attempts, RESET_CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ id: passwordResetCodes.id, code_hash: passwordResetCodes.code_hash });
      if (!attempt || !timingSafeEqual(Buffer.from(attempt.code_hash, "hex"), digest(user.id, code))) {
        throw invalidCode();
      }

      const passwordHash = await hash(password);
      const claimed = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetCodes)
          .set({ used_at: now(), failed_attempts: sql`${passwordResetCodes.failed_attempts} - 1` })
          .where(and(eq(passwordResetCodes.id, attempt.id), isNull(passwordResetCodes.used_at)))
          .returning({ id: passwordResetCodes.id });
        if (!used) return false;
        await setPasswordHash(tx, user.id, passwordHash, now());
        return true;
      });
      if (!claimed) throw invalidCode();
      // Whoever knew the old password is signed out everywhere.
      await tokens.revokeUserSessions(user.id);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
