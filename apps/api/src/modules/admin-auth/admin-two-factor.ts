import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  ADMIN_TWO_FACTOR_MESSAGES,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MAX_ATTEMPTS,
  type TAdminLoginResult,
  type TAdminTwoFactorSignedIn,
  type TAdminTwoFactorVerify,
} from "@waterside/shared/admin-two-factor";
import { ADMIN_MESSAGES } from "@waterside/shared/admin-messages";
import { BRAND } from "@waterside/shared/brand";
import { and, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database, Transaction } from "../../db/database.ts";
import { adminLoginChallenges, adminRecoveryCodes, admins } from "../../db/schema/admin-auth.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { HttpError } from "../../plugins/errors.ts";
import type { TokenService } from "../auth/tokens.ts";
import { toAdminResource } from "../users/user-resource.ts";

type AdminRow = typeof admins.$inferSelect;

/** A challenge lives long enough to open the app and type a code, not long enough to be worth stealing. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/**
 * Wrong codes of one admin, over all their challenges, in the window: like the password's per-account limit
 * (AUTH_RATE_LIMITS.loginPerAccountAndIp), but counting wrong codes only, so an admin signing in often is never held.
 */
export const WRONG_CODES_PER_ADMIN = { max: 10, windowMinutes: 15 } as const;

/** Recovery codes: 16 characters of an alphabet without look-alikes (80 bits), typed in groups of four. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_GROUPS = 4;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** Recovery codes are compared without their dashes and spaces, in lower case. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, "").toLowerCase());

function newRecoveryCode() {
  const groups = Array.from({ length: RECOVERY_GROUPS }, () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

const totpFor = (admin: Pick<AdminRow, "email">, secret: string) =>
  new TOTP({
    issuer: BRAND,
    label: admin.email,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

const stepAt = (time: Date) => Math.floor(time.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** What a code call ends in, decided in the transaction and told after it commits (wrong tries must be kept). */
type Outcome =
  | { ok: true; admin: AdminRow; recoveryCodes?: string[] }
  | { ok: false; status: HttpError["statusCode"]; message: string; field?: "code" | "recovery_code" };

const refuse = (status: HttpError["statusCode"], message: string, field?: "code" | "recovery_code"): Outcome => ({
  ok: false,
  status,
  message,
  field,
});

/**
 * The admins' second factor (issue 27, decision 071): TOTP codes (RFC 6238) after the password, enrolment at the
 * first sign-in with 10 single-use recovery codes, and the reset another admin asks for.
 */
export function createAdminTwoFactor({
  db,
  tokens,
  mediaBaseUrl,
  required,
  audit,
  now = () => new Date(),
}: {
  db: Database;
  tokens: TokenService;
  mediaBaseUrl: string;
  /** ADMIN_TOTP: whether an admin without an authenticator must set one up (always in production). */
  required: boolean;
  /** Writes the admin audit record in this admin's name, in the write's transaction (the admin module's). */
  audit: (adminId: number) => RecordChange;
  now?: () => Date;
}) {
  async function signIn(admin: AdminRow, deviceId: string, rememberMe = false) {
    const authorization = await tokens.startSession({ kind: "admin", adminId: admin.id }, deviceId, rememberMe);
    return { admin: toAdminResource(admin, mediaBaseUrl), authorization };
  }

  async function openChallenge(adminId: number) {
    const token = randomBytes(32).toString("base64url");
    await db.insert(adminLoginChallenges).values({
      admin_id: adminId,
      token_hash: sha256(token),
      expires_at: new Date(now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
    });
    return token;
  }

  /**
   * The step of the latest code this admin signed in with: a code of that step or an earlier one is refused
   * (RFC 6238 §5.2, a code is accepted once). Only the current and the previous step are accepted, so a code
   * accepted at some time never belongs to a later step than that time's, and the time of use is enough.
   */
  async function lastUsedStep(tx: Transaction, adminId: number) {
    const [latest] = await tx
      .select({ used_at: adminLoginChallenges.used_at })
      .from(adminLoginChallenges)
      .where(and(eq(adminLoginChallenges.admin_id, adminId), isNotNull(adminLoginChallenges.used_at)))
      .orderBy(desc(adminLoginChallenges.used_at))
      .limit(1);
    return latest?.used_at ? stepAt(latest.used_at) : -1;
  }

  /** The step a TOTP code belongs to (this one or the one before, for a code typed as it changed), or null. */
  function matchedStep(secret: string, admin: AdminRow, code: string, at: Date) {
    const delta = totpFor(admin, secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
    if (delta === null || delta > 0) return null;
    return stepAt(at) + delta;
  }

  async function wrongCodesLately(tx: Transaction, adminId: number, at: Date) {
    const since = new Date(at.getTime() - WRONG_CODES_PER_ADMIN.windowMinutes * 60_000);
    const [row] = await tx
      .select({
        wrong: sql<number>`coalesce(sum(${adminLoginChallenges.attempts}), 0)::int`,
        oldest: sql<Date | null>`min(${adminLoginChallenges.created_at})`,
      })
      .from(adminLoginChallenges)
      .where(
        and(
          eq(adminLoginChallenges.admin_id, adminId),
          gt(adminLoginChallenges.created_at, since),
          gt(adminLoginChallenges.attempts, 0),
        ),
      );
    return { wrong: row?.wrong ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  async function issueRecoveryCodes(tx: Transaction, adminId: number) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.admin_id, adminId));
    await tx
      .insert(adminRecoveryCodes)
      .values(codes.map((code) => ({ admin_id: adminId, code_hash: recoveryHash(code) })));
    return codes;
  }

  /** Spends one unused recovery code of the admin; how many remain, or null when none matched. */
  async function spendRecoveryCode(tx: Transaction, adminId: number, code: string, at: Date) {
    const [spent] = await tx
      .update(adminRecoveryCodes)
      .set({ used_at: at })
      .where(
        and(
          eq(adminRecoveryCodes.admin_id, adminId),
          eq(adminRecoveryCodes.code_hash, recoveryHash(code)),
          isNull(adminRecoveryCodes.used_at),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    if (!spent) return null;
    return tx.$count(
      adminRecoveryCodes,
      and(eq(adminRecoveryCodes.admin_id, adminId), isNull(adminRecoveryCodes.used_at)),
    );
  }

  async function decide(body: TAdminTwoFactorVerify): Promise<Outcome> {
    return db.transaction(async (tx) => {
      const at = now();
      const [challenge] = await tx
        .select()
        .from(adminLoginChallenges)
        .where(eq(adminLoginChallenges.token_hash, sha256(body.challenge_token)));
      if (!challenge || challenge.used_at || challenge.expires_at <= at) {
        return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);
      }
      // The admin's row is locked: two calls with one code (or two challenges) are judged one after the other.
      const [admin] = await tx.select().from(admins).where(eq(admins.id, challenge.admin_id)).for("update");
      if (!admin) return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);
      if (admin.status === "Suspended") return refuse(403, ADMIN_MESSAGES.adminSuspended);
      const [locked] = await tx
        .select({ attempts: adminLoginChallenges.attempts, used_at: adminLoginChallenges.used_at })
        .from(adminLoginChallenges)
        .where(eq(adminLoginChallenges.id, challenge.id))
        .for("update");
      if (!locked || locked.used_at) return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);
      if (locked.attempts >= TWO_FACTOR_MAX_ATTEMPTS) return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.challengeVoid);
      // A reset since the password was checked leaves nothing to check the code against: start again.
      if (!admin.totp_secret) return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);

      const { wrong, oldest } = await wrongCodesLately(tx, admin.id, at);
      if (wrong >= WRONG_CODES_PER_ADMIN.max) {
        const freeAt = (oldest?.getTime() ?? at.getTime()) + WRONG_CODES_PER_ADMIN.windowMinutes * 60_000;
        const minutes = Math.max(1, Math.ceil((freeAt - at.getTime()) / 60_000));
        return refuse(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
      }

      const enrolling = !admin.totp_enabled_at;
      const wrongTry = async (message: string, field: "code" | "recovery_code") => {
        await tx
          .update(adminLoginChallenges)
          .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
          .where(eq(adminLoginChallenges.id, challenge.id));
        return refuse(
          422,
          locked.attempts + 1 >= TWO_FACTOR_MAX_ATTEMPTS ? ADMIN_TWO_FACTOR_MESSAGES.challengeVoid : message,
          field,
        );
      };
      const spendChallenge = () =>
        tx.update(adminLoginChallenges).set({ used_at: at }).where(eq(adminLoginChallenges.id, challenge.id));

      if (body.recovery_code !== undefined) {
        if (enrolling) return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.recoveryNotAtEnrolment, "recovery_code");
        const left = await spendRecoveryCode(tx, admin.id, body.recovery_code, at);
        if (left === null) return wrongTry(ADMIN_TWO_FACTOR_MESSAGES.invalidRecoveryCode, "recovery_code");
        await spendChallenge();
        await audit(admin.id)(tx, {
          action: "admin.two_factor.recovery_code",
          targetType: "admin",
          targetId: admin.id,
          after: { recovery_codes_left: left },
        });
        return { ok: true, admin };
      }

      const step = matchedStep(admin.totp_secret, admin, body.code!, at);
      if (step === null) return wrongTry(ADMIN_TWO_FACTOR_MESSAGES.invalidCode, "code");
      // A code seen before is no proof of holding the device now; it costs no try, as its owner may have sent it.
      if (step <= (await lastUsedStep(tx, admin.id))) {
        return refuse(422, ADMIN_TWO_FACTOR_MESSAGES.codeAlreadyUsed, "code");
      }
      await spendChallenge();
      if (!enrolling) return { ok: true, admin };

      const [enrolled] = await tx
        .update(admins)
        .set({ totp_enabled_at: at, updated_at: at })
        .where(eq(admins.id, admin.id))
        .returning();
      const recoveryCodes = await issueRecoveryCodes(tx, admin.id);
      await audit(admin.id)(tx, {
        action: "admin.two_factor.enrol",
        targetType: "admin",
        targetId: admin.id,
        after: { enrolled: true, recovery_codes: RECOVERY_CODE_COUNT },
      });
      return { ok: true, admin: enrolled!, recoveryCodes };
    });
  }

  return {
    /**
     * After a right password of an active admin: tokens when no second factor is due (ADMIN_TOTP off and none set
     * up), otherwise a challenge, with the authenticator's setup when the admin has none yet. A pending setup (secret
     * shown, never confirmed) is shown again rather than replaced, so a scanned QR code stays good.
     */
    async afterPassword(admin: AdminRow, deviceId: string, rememberMe?: boolean): Promise<TAdminLoginResult> {
      if (admin.totp_enabled_at && admin.totp_secret) {
        return {
          two_factor: "code",
          challenge_token: await openChallenge(admin.id),
          expires_in: CHALLENGE_TTL_SECONDS,
        };
      }
      if (!required) return signIn(admin, deviceId, rememberMe);
      let secret = admin.totp_secret;
      if (!secret) {
        secret = new Secret({ size: 20 }).base32;
        await db.update(admins).set({ totp_secret: secret, updated_at: now() }).where(eq(admins.id, admin.id));
      }
      const otpauthUrl = totpFor(admin, secret).toString();
      return {
        two_factor: "enrol",
        challenge_token: await openChallenge(admin.id),
        expires_in: CHALLENGE_TTL_SECONDS,
        enrolment: {
          secret,
          otpauth_url: otpauthUrl,
          qr_svg: await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
        },
      };
    },

    /** Spends a challenge with a code or a recovery code: the login body, with the recovery codes at enrolment. */
    async verify(body: TAdminTwoFactorVerify): Promise<TAdminTwoFactorSignedIn> {
      const outcome = await decide(body);
      if (!outcome.ok) {
        throw new HttpError(
          outcome.status,
          outcome.message,
          outcome.field ? { [outcome.field]: [outcome.message] } : undefined,
        );
      }
      const signedIn = await signIn(outcome.admin, body.device_id, body.remember_me);
      return outcome.recoveryCodes ? { ...signedIn, recovery_codes: outcome.recoveryCodes } : signedIn;
    },
  };
}

export type AdminTwoFactor = ReturnType<typeof createAdminTwoFactor>;
