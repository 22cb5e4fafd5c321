ALTER TABLE "saved_ads" ADD COLUMN "price_seen" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "saved_ads" ADD COLUMN "was_price" numeric(12, 2);--> statement-breakpoint
-- Ads saved before this column: the saver saw the price the ad has now (issue 29, decision 081).
UPDATE "saved_ads" SET "price_seen" = "ads"."price" FROM "ads" WHERE "ads"."id" = "saved_ads"."ad_id";
