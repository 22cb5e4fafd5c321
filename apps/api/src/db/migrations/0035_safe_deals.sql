CREATE TABLE "deal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"actor_admin_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"movement" text NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_ledger_entries_once" UNIQUE("deal_id","movement","account")
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ad_id" integer,
	"ad_title" text NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"provider" text,
	"buyer_phone" text,
	"payment_id" uuid,
	"code" text,
	"code_failures" smallint DEFAULT 0 NOT NULL,
	"code_locked_until" timestamp with time zone,
	"held_at" timestamp with time zone,
	"handed_over_at" timestamp with time zone,
	"auto_release_at" timestamp with time zone,
	"dispute_reason" text,
	"dispute_details" text,
	"disputed_by" text,
	"disputed_at" timestamp with time zone,
	"resolution_note" text,
	"payout_id" uuid,
	"payout_status" text,
	"payout_completed_at" timestamp with time zone,
	"ledger_difference" text,
	"ledger_checked_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_parties_differ" CHECK ("deals"."buyer_id" <> "deals"."seller_id"),
	CONSTRAINT "deals_safe_has_wallet" CHECK ("deals"."kind" = 'cash' or ("deals"."provider" is not null))
);
--> statement-breakpoint
CREATE TABLE "user_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"deal_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_role" text NOT NULL,
	"stars" smallint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_reviews_once" UNIQUE("deal_id","author_id"),
	CONSTRAINT "user_reviews_stars_range" CHECK ("user_reviews"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "package_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "deal_id" integer;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_actor_admin_id_admins_id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_ledger_entries" ADD CONSTRAINT "deal_ledger_entries_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_reviews" ADD CONSTRAINT "user_reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_events_deal_idx" ON "deal_events" USING btree ("deal_id","id");--> statement-breakpoint
CREATE INDEX "deals_buyer_idx" ON "deals" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_seller_idx" ON "deals" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "deals_status_idx" ON "deals" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "deals_ad_open_idx" ON "deals" USING btree ("ad_id") WHERE status in ('awaiting_payment', 'awaiting_confirmation');--> statement-breakpoint
CREATE INDEX "deals_auto_release_idx" ON "deals" USING btree ("auto_release_at") WHERE status = 'held' and auto_release_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deals_one_waiting_unique" ON "deals" USING btree ("buyer_id","ad_id") WHERE status in ('awaiting_payment', 'awaiting_confirmation');--> statement-breakpoint
CREATE INDEX "user_reviews_subject_idx" ON "user_reviews" USING btree ("subject_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- previous-release-safe: the previous release writes only boosts' payments (a package, no deal), which this check allows.
ALTER TABLE "payments" ADD CONSTRAINT "payments_buys_one_thing" CHECK (("payments"."type" = 'deal') = ("payments"."deal_id" is not null and "payments"."package_id" is null));