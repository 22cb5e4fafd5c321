-- Decision 048: when MTN was last asked about a payment's status. A poll, a callback's check or the reconciler claims
-- the right to ask with one guarded update of it, so MTN hears about a payment at most once per 5 seconds.
ALTER TABLE "payments" ADD COLUMN "provider_checked_at" timestamp with time zone;