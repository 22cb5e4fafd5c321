-- Issue 30, decision 088: an ad's currency and the seller's own price beside the US$ `price` lists sort and filter on.
ALTER TABLE "ads" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_currency" CHECK ("ads"."currency" in ('USD', 'LRD'));--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "price_local" numeric(12, 2);--> statement-breakpoint
-- Every ad so far was priced in US$: its own price is its price. Only a column is added, so the triggers that announce
-- writes and keep counts and titles have nothing to do, and are skipped for this one statement.
ALTER TABLE "ads" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "ads" SET "price_local" = "price";--> statement-breakpoint
ALTER TABLE "ads" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "ads" ALTER COLUMN "price_local" SET NOT NULL;--> statement-breakpoint
-- A writer that knows only the US$ price (older scripts, bulk loaders) posts a US$ ad: its own price is that price.
CREATE FUNCTION "ads_price_local_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.price_local IS NULL AND NEW.currency = 'USD' THEN
    NEW.price_local := NEW.price;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "ads_price_local_default" BEFORE INSERT ON "ads"
  FOR EACH ROW EXECUTE FUNCTION "ads_price_local_default"();--> statement-breakpoint
CREATE INDEX "ads_lrd_idx" ON "ads" USING btree ("id") WHERE "ads"."currency" = 'LRD';--> statement-breakpoint
ALTER TABLE "saved_ads" ADD COLUMN "currency_seen" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- The rate-change job rewrites the US$ price of the L$ ads in batches with waterside.repricing set for its
-- transaction: a batch is not announced on ads_changed (each would mean "everything" and drop every cached list
-- a hundred times over); the job announces "*" once, after its last batch (decision 088).
DROP TRIGGER "ads_changed_update" ON "ads";--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (current_setting('waterside.repricing', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION "notify_ads_rows_changed"();
