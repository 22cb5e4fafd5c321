-- unaccent() is only STABLE (its dictionary could change), so generated columns and indexes need this
-- IMMUTABLE wrapper that names the dictionary explicitly.
CREATE FUNCTION "waterside_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "attributes_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', waterside_unaccent(lower(title))), 'A') || setweight(to_tsvector('simple', waterside_unaccent(lower(attributes_text))), 'B') || setweight(to_tsvector('simple', waterside_unaccent(lower(location))), 'C') || setweight(to_tsvector('simple', waterside_unaccent(lower(left(description, 2000)))), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "ads_active_created_idx" ON "ads" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_visibility_idx" ON "ads" USING btree ("visibility_score" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_price_idx" ON "ads" USING btree ("price","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_created_idx" ON "ads" USING btree ("subcategory_id","created_at" DESC NULLS LAST) WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_visibility_idx" ON "ads" USING btree ("subcategory_id","visibility_score" DESC NULLS LAST) WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_price_idx" ON "ads" USING btree ("subcategory_id","price") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_search_idx" ON "ads" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "ads_title_trgm_idx" ON "ads" USING gin (waterside_unaccent(lower("title")) gin_trgm_ops);