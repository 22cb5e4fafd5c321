-- Anything that changes what public lists show announces it once per statement, after commit,
-- on the channel "ads_changed"; API processes listening drop their cached pages (decision 013).
CREATE FUNCTION "notify_ads_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ads_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_attribute_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subcategories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
