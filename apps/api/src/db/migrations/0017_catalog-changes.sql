-- Admin catalogue edits (issue 16, decision 051) reach the public filters at once: writes to attributes, their links
-- to subcategories and their options announce themselves on "ads_changed" like categories and subcategories do
-- (migration 0004), so every API process drops its cached catalogue reads.
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attributes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subcategory_attributes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attribute_options"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
