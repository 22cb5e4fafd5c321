-- Issue 30, decision 093: lists sort, filter and show an L$ ad at the rate in force, computed in each query from the
-- seller's own price; a rate change rewrites no ad. The price indexes walk (currency, price_local): one walk per
-- currency, merged by the query.
-- A US$ ad's own price is its price, whoever writes it (a script or loader that sets only `price` included).
CREATE OR REPLACE FUNCTION "ads_price_local_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency = 'USD' THEN
    NEW.price_local := NEW.price;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "ads_price_local_default" ON "ads";--> statement-breakpoint
CREATE TRIGGER "ads_price_local_default" BEFORE INSERT OR UPDATE OF "price", "currency", "price_local" ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "ads_price_local_default"();--> statement-breakpoint
-- A new rate changes what every list shows of the L$ ads: it drops every cached list, page, price index and price
-- guide in every process at its commit, as catalogue writes do (migration 0004).
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exchange_rates"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();--> statement-breakpoint
-- No job rewrites prices any more: every update of an ad is announced again.
DROP TRIGGER "ads_changed_update" ON "ads";--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_rows_changed"();--> statement-breakpoint
DROP INDEX "ads_lrd_idx";--> statement-breakpoint
DROP INDEX "ads_active_price_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_created_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_visibility_idx";--> statement-breakpoint
DROP INDEX "ads_active_sub_price_idx";--> statement-breakpoint
CREATE INDEX "ads_active_price_idx" ON "ads" USING btree ("currency","price_local","id") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_created_idx" ON "ads" USING btree ("subcategory_id","created_at","id","currency","price_local","county_id","area_id","attribute_tokens") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_visibility_idx" ON "ads" USING btree ("subcategory_id","visibility_score","id","currency","price_local","county_id","area_id","attribute_tokens") WHERE status_id = 2;--> statement-breakpoint
CREATE INDEX "ads_active_sub_price_idx" ON "ads" USING btree ("subcategory_id","currency","price_local","id","county_id","area_id","attribute_tokens") WHERE status_id = 2;
