CREATE TABLE "search_titles" (
	"title_key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"active_ads" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "ads_title_trgm_idx";--> statement-breakpoint
DROP INDEX "ads_user_idx";--> statement-breakpoint
DROP INDEX "ads_subcategory_created_idx";--> statement-breakpoint
DROP INDEX "ads_active_created_idx";--> statement-breakpoint
DROP INDEX "ads_active_visibility_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_created_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_visibility_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_price_idx";--> statement-breakpoint
DROP INDEX "password_reset_codes_user_idx";--> statement-breakpoint
DROP INDEX "saved_ads_user_created_idx";--> statement-breakpoint
DROP INDEX "subscriptions_ad_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_idx";--> statement-breakpoint
CREATE INDEX "search_titles_words_idx" ON "search_titles" USING gin (to_tsvector('simple', "title_key"));--> statement-breakpoint
CREATE INDEX "search_titles_trgm_idx" ON "search_titles" USING gin ("title_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ads_active_category_created_idx" ON "ads" USING btree ("category_id","created_at","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_title_key_idx" ON "ads" USING btree (waterside_unaccent(lower("title")),"visibility_score","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_user_idx" ON "ads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_subcategory_created_idx" ON "ads" USING btree ("subcategory_id","created_at");--> statement-breakpoint
CREATE INDEX "ads_active_created_idx" ON "ads" USING btree ("created_at","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_visibility_idx" ON "ads" USING btree ("visibility_score","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_created_idx" ON "ads" USING btree ("subcategory_id","created_at","id","price","county_id","area_id","attribute_tokens") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_visibility_idx" ON "ads" USING btree ("subcategory_id","visibility_score","id","price","county_id","area_id","attribute_tokens") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_price_idx" ON "ads" USING btree ("subcategory_id","price","id","county_id","area_id","attribute_tokens") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "password_reset_codes_user_idx" ON "password_reset_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_ads_user_created_idx" ON "saved_ads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_ad_idx" ON "subscriptions" USING btree ("ad_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","type","created_at");--> statement-breakpoint
-- Keeps search_titles.active_ads exact. Statement-level triggers net each statement's changes per title, so an
-- update that leaves title and status alone writes nothing, and a bulk insert touches each title once.
-- Transition tables are named per event, hence the dynamic statement.
CREATE FUNCTION "ads_adjust_search_titles"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT title, 1 AS n FROM new_rows WHERE status_id = 2'
    WHEN 'DELETE' THEN 'SELECT title, -1 AS n FROM old_rows WHERE status_id = 2'
    ELSE 'SELECT title, 1 AS n FROM new_rows WHERE status_id = 2
          UNION ALL SELECT title, -1 AS n FROM old_rows WHERE status_id = 2'
  END;
  emptied text[];
BEGIN
  EXECUTE format($sql$
    WITH delta AS (
      SELECT waterside_unaccent(lower(title)) AS title_key, min(title) AS title, sum(n)::int AS n
      FROM (%s) c GROUP BY 1 HAVING sum(n) <> 0),
    applied AS (
      INSERT INTO search_titles AS t (title_key, title, active_ads) SELECT title_key, title, n FROM delta
      ON CONFLICT (title_key) DO UPDATE SET active_ads = t.active_ads + excluded.active_ads
      RETURNING t.title_key, t.active_ads)
    SELECT array_agg(title_key) FROM applied WHERE active_ads <= 0$sql$, changes) INTO emptied;
  IF emptied IS NOT NULL THEN
    DELETE FROM search_titles WHERE title_key = ANY (emptied);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_search_titles_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_search_titles"();
--> statement-breakpoint
CREATE TRIGGER "ads_search_titles_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_search_titles"();
--> statement-breakpoint
CREATE TRIGGER "ads_search_titles_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_search_titles"();
--> statement-breakpoint
INSERT INTO "search_titles" ("title_key", "title", "active_ads")
  SELECT waterside_unaccent(lower("title")), min("title"), count(*) FROM "ads" WHERE "status_id" = 2 GROUP BY 1;
