-- Decision 100: money sent to a payee's wallet, one payout per subject (the caller's key), under our id, which is the
-- provider's reference (MTN's X-Reference-Id, pawaPay's payoutId), written before the provider hears of it.
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"provider" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text NOT NULL,
	"phone_number" text NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'requesting' NOT NULL,
	"reason" text,
	"financial_transaction_id" text,
	"checks" smallint DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_checked_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_subject_unique" UNIQUE("subject"),
	CONSTRAINT "payouts_provider_known" CHECK ("payouts"."provider" in ('mtn_momo', 'orange_money')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "payouts_open_due_idx" ON "payouts" USING btree ("next_check_at") WHERE status in ('requesting', 'pending');