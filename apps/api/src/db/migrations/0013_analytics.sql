CREATE TABLE "ad_daily_stats" (
	"ad_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_daily_stats_ad_id_day_pk" PRIMARY KEY("ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_marks" (
	"day" date NOT NULL,
	"ad_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"viewer" bigint NOT NULL,
	"address" bigint,
	CONSTRAINT "analytics_marks_day_ad_id_kind_viewer_pk" PRIMARY KEY("day","ad_id","kind","viewer")
);
--> statement-breakpoint
CREATE TABLE "analytics_rescore_ads" (
	"ad_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_daily_stats" ADD CONSTRAINT "ad_daily_stats_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_daily_stats_day_idx" ON "ad_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_marks_address_idx" ON "analytics_marks" USING btree ("day","ad_id","kind","address") WHERE address is not null;--> statement-breakpoint
-- Today's counts are updated in place many times a day: room left in each page lets PostgreSQL write the new row
-- version beside the old one without touching the indexes (a HOT update).
ALTER TABLE "ad_daily_stats" SET (fillfactor = 70);
--> statement-breakpoint
-- Ratings move visibility_score (decision 045): an added, changed or removed rating queues its ad for the score
-- job, whichever module or tool wrote it (and the ratings of a deleted account, removed by cascade).
CREATE FUNCTION "queue_rescore_on_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "analytics_rescore_ads" ("ad_id")
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.ad_id ELSE NEW.ad_id END)
    ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' AND OLD.ad_id <> NEW.ad_id THEN
    INSERT INTO "analytics_rescore_ads" ("ad_id") VALUES (OLD.ad_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ratings_queue_rescore" AFTER INSERT OR UPDATE OR DELETE ON "ratings"
  FOR EACH ROW EXECUTE FUNCTION "queue_rescore_on_rating"();
