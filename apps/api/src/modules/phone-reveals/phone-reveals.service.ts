import { PHONE_REVEALS_PER_DAY, TRUST_MESSAGES, type TRevealedPhone } from "@waterside/shared/trust";
import type { Database } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { HttpError, notFound } from "../../plugins/errors.ts";
import { buyerHasVerifiedPhone, findRevealableAd, insertReveal, lockTodaysReveals } from "./phone-reveals.queries.ts";

/**
 * A buyer revealing an ad's phone number (issue 27, decision 072): signed in with a verified phone, only when the
 * seller allows it, at most PHONE_REVEALS_PER_DAY different ads a day. The same ad again the same day answers the
 * number without counting twice. Each reveal is a contact of the ad in its seller's Insights (analytics reacts to
 * `phone.revealed`).
 */
export function createPhoneRevealsService({ db, events }: { db: Database; events: DomainEvents }) {
  return {
    async reveal(adId: number, buyerId: number): Promise<TRevealedPhone> {
      return events.transaction(db, async (tx, publish) => {
        const ad = await findRevealableAd(tx, adId);
        if (!ad) throw notFound("Ad");
        // The seller's own number is theirs to read: no check, no count.
        if (ad.seller_id === buyerId && ad.phone_number) return { phone_number: ad.phone_number };
        if (!(await buyerHasVerifiedPhone(tx, buyerId))) {
          throw new HttpError(403, TRUST_MESSAGES.revealNeedsVerifiedPhone);
        }
        if (!ad.phone_revealable) throw new HttpError(403, TRUST_MESSAGES.sellerPrefersChat);
        if (!ad.phone_number) throw new HttpError(422, TRUST_MESSAGES.noPhoneNumber);
        const today = await lockTodaysReveals(tx, buyerId, adId);
        if (!today.this_ad) {
          if (today.count >= PHONE_REVEALS_PER_DAY) throw new HttpError(429, TRUST_MESSAGES.revealsCapped);
          await insertReveal(tx, buyerId, adId);
          await publish("phone.revealed", { adId, buyerId });
        }
        return { phone_number: ad.phone_number };
      });
    },
  };
}

export type PhoneRevealsService = ReturnType<typeof createPhoneRevealsService>;
