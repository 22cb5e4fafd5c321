ALTER TABLE "ads" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "expiry_reminded_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "buyer_user_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "expiry_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_active_expires_idx" ON "ads" USING btree ("expires_at") WHERE status_id = 2;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_expiry_days_range" CHECK ("categories"."expiry_days" between 1 and 365);--> statement-breakpoint
-- Issue 28: an ad's life after Active. Only Active ads are listed, so both leave every public list at once.
INSERT INTO "ad_statuses" ("id", "name") VALUES (4, 'Expired'), (5, 'Sold');
