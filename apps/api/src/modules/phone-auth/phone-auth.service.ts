import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { TAuthorization } from "@waterside/shared/auth";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import {
  PHONE_AUTH_MESSAGES as M,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  type TPhoneSignIn,
} from "@waterside/shared/phone-auth";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { TUser } from "@waterside/shared/users";
import { and, count, desc, eq, gt, isNull, like, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { phoneCodes } from "../../db/schema/phone-auth.ts";
import { users } from "../../db/schema/users.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents, Publish, Transaction } from "../../lib/domain-events.ts";
import { SmsRejectedError, type SmsSender } from "../../lib/sms.ts";
import { HttpError, fieldError } from "../../plugins/errors.ts";
import { createAccount, setVerifiedPhone } from "../users/user-accounts.ts";
import { loadUserResource } from "../users/user-resource.ts";
import { checkPhoneNumber, numberPrefix } from "../../lib/phone-numbers.ts";

export interface SmsCaps {
  perNumberHour: number;
  perIpHour: number;
  perPrefixHour: number;
  perDay: number;
}

interface PhoneAuthDeps {
  db: Database;
  events: DomainEvents;
  /** null: no SMS provider (production without SMS_* settings): phone sign-in answers 503. */
  sms: SmsSender | null;
  secret: string;
  countryCodes: readonly string[];
  caps: SmsCaps;
  /** The site's host, for the SMS's WebOTP line ("@waterside.lr #123456") that lets Android fill the code in. */
  siteHost: string;
  /** The auth module's sign-in: a session on the device, and the reply POST /auth/login gives. */
  signedIn: (
    userId: number,
    deviceId: string | undefined,
    rememberMe?: boolean,
  ) => Promise<{ user: TUser; authorization: TAuthorization }>;
  mediaBaseUrl: string;
  log: { error(details: object, line: string): void };
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** One lock for every send: the caps are counted and the new code written as one step, whatever the concurrency. */
const SEND_LOCK = sql`select pg_advisory_xact_lock(hashtext('phone-codes.send'))`;

const invalidCode = () => fieldError("code", M.codeInvalid);

type SignInOutcome =
  | { kind: "signed-in"; userId: number; isNew: boolean }
  | { kind: "banned" | "registration-required" | "terms-required" };

/**
 * SMS codes for signing in, registering and verifying a number (issue 27, decision 069). Every code sent is a row of
 * phone_codes, so the anti-pumping caps count rows; the newest code of a number is the only one that works.
 */
export function createPhoneAuthService(deps: PhoneAuthDeps) {
  const { db, events, sms, secret, countryCodes, caps, siteHost, signedIn, mediaBaseUrl, log } = deps;
  const now = deps.now ?? (() => new Date());

  const digest = (phoneNumber: string, code: string) =>
    createHmac("sha256", secret).update(`phone-code:${phoneNumber}:${code}`).digest("hex");

  function normalise(input: string) {
    const checked = checkPhoneNumber(input, countryCodes);
    if (!checked.ok) {
      throw fieldError("phone_number", checked.reason === "country" ? M.countryNotAllowed : M.phoneInvalid);
    }
    return checked.number;
  }

  /** 429 when a cap is reached: the resend delay, then per number, address, number block and day. */
  async function assertWithinCaps(tx: Transaction, phoneNumber: string, ip: string, at: Date) {
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    const [latest] = await tx
      .select({ created_at: phoneCodes.created_at })
      .from(phoneCodes)
      .where(eq(phoneCodes.phone_number, phoneNumber))
      .orderBy(desc(phoneCodes.id))
      .limit(1);
    if (latest) {
      const wait = Math.ceil(PHONE_CODE_RESEND_SECONDS - (at.getTime() - latest.created_at.getTime()) / 1000);
      if (wait > 0) throw new HttpError(429, M.resendTooSoon(wait), undefined, { resend_in: wait });
    }
    const counted = async (where: ReturnType<typeof and>) =>
      (await tx.select({ n: count() }).from(phoneCodes).where(where))[0]!.n;
    const since = gt(phoneCodes.created_at, hourAgo);
    if ((await counted(and(eq(phoneCodes.phone_number, phoneNumber), since))) >= caps.perNumberHour) {
      throw new HttpError(429, M.tooManyForNumber);
    }
    if ((await counted(and(eq(phoneCodes.ip, ip), since))) >= caps.perIpHour) {
      throw new HttpError(429, M.tooManyFromAddress);
    }
    if (
      (await counted(and(like(phoneCodes.phone_number, `${numberPrefix(phoneNumber)}%`), since))) >= caps.perPrefixHour
    ) {
      throw new HttpError(429, M.tooManyForPrefix);
    }
    if ((await counted(and(gt(phoneCodes.created_at, new Date(at.getTime() - DAY_MS))))) >= caps.perDay) {
      throw new HttpError(429, M.tooManyToday);
    }
  }

  async function sendCode(input: string, ip: string, userId: number | null) {
    if (!sms) throw new HttpError(503, M.unavailable);
    const phoneNumber = normalise(input);
    if (userId !== null) {
      const [holder] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.verified_phone_number, phoneNumber));
      if (holder && holder.id !== userId) throw new HttpError(409, M.numberTaken);
    }
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
    const at = now();
    const codeId = await db.transaction(async (tx) => {
      await tx.execute(SEND_LOCK);
      await assertWithinCaps(tx, phoneNumber, ip, at);
      const [row] = await tx
        .insert(phoneCodes)
        .values({
          phone_number: phoneNumber,
          user_id: userId,
          ip,
          code_hash: digest(phoneNumber, code),
          expires_at: new Date(at.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
          created_at: at,
        })
        .returning({ id: phoneCodes.id });
      return row!.id;
    });
    try {
      await sms.send({
        to: phoneNumber,
        body: `Your Waterside code is ${code}. It expires in ${PHONE_CODE_TTL_SECONDS / 60} minutes. Never share it.\n\n@${siteHost} #${code}`,
      });
    } catch (error) {
      // The code was never delivered: it cannot be used, but still counts against the caps (a pumping attempt does).
      await db.update(phoneCodes).set({ used_at: now() }).where(eq(phoneCodes.id, codeId));
      if (error instanceof SmsRejectedError && error.code === 21211) throw fieldError("phone_number", M.phoneInvalid);
      log.error({ err: error }, "SMS code could not be sent");
      throw new HttpError(503, M.unavailable);
    }
    return { message: M.codeSent, expires_in: PHONE_CODE_TTL_SECONDS, resend_in: PHONE_CODE_RESEND_SECONDS };
  }

  /**
   * Checks the code against the number's newest code of this purpose. A wrong one counts a try (and is void at the
   * fifth) even though the caller answers 422; a right one is handed to `onRight`, which decides in the same
   * transaction whether it is spent (`spend: true`) or kept for a retry (a registration that still needs a name).
   */
  async function withRightCode<T>(
    phoneNumber: string,
    code: string,
    userId: number | null,
    onRight: (tx: Transaction, publish: Publish) => Promise<{ spend: boolean; result: T }>,
  ): Promise<T> {
    const at = now();
    const outcome = await events.transaction(db, async (tx, publish) => {
      const [row] = await tx
        .select()
        .from(phoneCodes)
        .where(
          and(
            eq(phoneCodes.phone_number, phoneNumber),
            userId === null ? isNull(phoneCodes.user_id) : eq(phoneCodes.user_id, userId),
          ),
        )
        .orderBy(desc(phoneCodes.id))
        .limit(1)
        .for("update");
      if (!row || row.used_at || row.expires_at <= at || row.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
        return { right: false as const };
      }
      const expected = Buffer.from(row.code_hash, "hex");
      const given = Buffer.from(digest(phoneNumber, code), "hex");
      if (!timingSafeEqual(expected, given)) {
        await tx
          .update(phoneCodes)
          .set({ attempts: sql`${phoneCodes.attempts} + 1` })
          .where(eq(phoneCodes.id, row.id));
        return { right: false as const };
      }
      const { spend, result } = await onRight(tx, publish);
      if (spend) await tx.update(phoneCodes).set({ used_at: at }).where(eq(phoneCodes.id, row.id));
      return { right: true as const, result };
    });
    if (!outcome.right) throw invalidCode();
    return outcome.result;
  }

  return {
    /** `POST /auth/phone/send-code`. */
    sendSignInCode: (input: string, ip: string) => sendCode(input, ip, null),

    /** `POST /user/phone/send-code`: a signed-in user adds or changes their number. */
    sendVerificationCode: (input: string, ip: string, userId: number) => sendCode(input, ip, userId),

    /**
     * `POST /auth/phone/verify`: signs in the account that verified this number, or registers one when `name` is
     * given (and the terms accepted). The reply is `POST /auth/login`'s body.
     */
    async signIn(input: TPhoneSignIn) {
      const phoneNumber = normalise(input.phone_number);
      const name = input.name?.trim();
      const outcome = await withRightCode<SignInOutcome>(phoneNumber, input.code, null, async (tx, publish) => {
        const [existing] = await tx
          .select({ id: users.id, status_id: users.status_id })
          .from(users)
          .where(and(eq(users.verified_phone_number, phoneNumber), isNull(users.deleted_at)));
        if (existing) {
          if (existing.status_id === USER_STATUS.banned) {
            return { spend: true, result: { kind: "banned" } };
          }
          return { spend: true, result: { kind: "signed-in", userId: existing.id, isNew: false } };
        }
        // No account yet: the code stays good for the retry that brings the name and the terms.
        if (!name) return { spend: false, result: { kind: "registration-required" } };
        if (!input.accept_terms) return { spend: false, result: { kind: "terms-required" } };
        const business = input.usertype_id === USER_TYPE.company;
        const created = await createAccount(
          tx,
          {
            name,
            email: null,
            phone_number: phoneNumber,
            verified_phone_number: phoneNumber,
            usertype_id: business ? USER_TYPE.company : USER_TYPE.individual,
          },
          business ? {} : undefined,
        );
        // A verified phone is part of the seller's trust, and of their ads' visibility_score (decision 070).
        await publish("trust.changed", { userId: created.id });
        return { spend: true, result: { kind: "signed-in", userId: created.id, isNew: true } };
      }).catch((error: unknown) => {
        // Two registrations of one number at the same moment: the unique index decides, the loser hears it.
        if (isUniqueViolation(error, "users_verified_phone_number_unique")) throw new HttpError(409, M.numberTaken);
        throw error;
      });
      switch (outcome.kind) {
        case "banned":
          throw new HttpError(403, AUTH_MESSAGES.accountBanned);
        case "registration-required":
          throw new HttpError(422, M.nameRequired, { name: [M.nameRequired] }, { registration_required: true });
        case "terms-required":
          throw new HttpError(
            422,
            M.termsRequired,
            { accept_terms: [M.termsRequired] },
            { registration_required: true },
          );
        case "signed-in":
          return {
            ...(await signedIn(outcome.userId, input.device_id, input.remember_me)),
            is_new_user: outcome.isNew,
          };
      }
    },

    /** `POST /user/phone/verify`: the number becomes the user's verified phone number. */
    async verifyForUser(userId: number, input: { phone_number: string; code: string }) {
      const phoneNumber = normalise(input.phone_number);
      await withRightCode(phoneNumber, input.code, userId, async (tx, publish) => {
        await setVerifiedPhone(tx, userId, phoneNumber);
        await publish("trust.changed", { userId });
        return { spend: true, result: null };
      }).catch((error: unknown) => {
        if (isUniqueViolation(error, "users_verified_phone_number_unique")) throw new HttpError(409, M.numberTaken);
        throw error;
      });
      return (await loadUserResource(db, userId, mediaBaseUrl))!;
    },
  };
}

export type PhoneAuthService = ReturnType<typeof createPhoneAuthService>;
