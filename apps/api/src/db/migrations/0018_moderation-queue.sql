CREATE TABLE "moderation_queue_ads" (
	"ad_id" integer PRIMARY KEY NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "moderation_queue_ads_mark" CHECK (("moderation_queue_ads"."reviewed_by" is null) = ("moderation_queue_ads"."reviewed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "moderation_queue_ads" ADD CONSTRAINT "moderation_queue_ads_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_queue_ads" ADD CONSTRAINT "moderation_queue_ads_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_queue_ads_unreviewed_idx" ON "moderation_queue_ads" USING btree ("ad_id") WHERE reviewed_at is null;--> statement-breakpoint
CREATE INDEX "moderation_queue_ads_reviewed_idx" ON "moderation_queue_ads" USING btree ("ad_id") WHERE reviewed_at is not null;--> statement-breakpoint
-- Every ad enters the moderation queue unreviewed when it is inserted, however it is written (posting, seeds,
-- imports), so the queue never misses one (decision 052). Statement-level: a bulk insert writes the queue once.
CREATE FUNCTION "moderation_queue_ads_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO moderation_queue_ads (ad_id) SELECT id FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "moderation_queue_ads_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "moderation_queue_ads_insert"();
--> statement-breakpoint
INSERT INTO "moderation_queue_ads" ("ad_id") SELECT "id" FROM "ads";
