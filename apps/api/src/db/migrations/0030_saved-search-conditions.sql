ALTER TABLE "saved_searches" ADD COLUMN "subcategory_id" integer GENERATED ALWAYS AS ((filters->>'subcategory_id')::int) STORED;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "category_id" integer GENERATED ALWAYS AS ((filters->>'category_id')::int) STORED;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "price_min" numeric GENERATED ALWAYS AS ((filters->>'price_min')::numeric) STORED;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "price_max" numeric GENERATED ALWAYS AS ((filters->>'price_max')::numeric) STORED;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "search_query" "tsquery" GENERATED ALWAYS AS (websearch_to_tsquery('simple', waterside_unaccent(lower(filters->>'search')))) STORED;