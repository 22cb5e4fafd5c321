ALTER TABLE "subcategories" ADD COLUMN "active_ads_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Keeps subcategories.active_ads_count exact. Statement-level triggers read the transition tables,
-- so a bulk insert of a million ads updates each subcategory once, not once per row.
CREATE FUNCTION "ads_adjust_subcategory_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE subcategories s SET active_ads_count = s.active_ads_count - d.n
    FROM (SELECT subcategory_id, count(*)::int AS n FROM old_rows WHERE status_id = 2 GROUP BY subcategory_id) d
    WHERE s.id = d.subcategory_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE subcategories s SET active_ads_count = s.active_ads_count + d.n
    FROM (SELECT subcategory_id, count(*)::int AS n FROM new_rows WHERE status_id = 2 GROUP BY subcategory_id) d
    WHERE s.id = d.subcategory_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ads_counts_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_subcategory_counts"();
--> statement-breakpoint
CREATE TRIGGER "ads_counts_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_subcategory_counts"();
--> statement-breakpoint
CREATE TRIGGER "ads_counts_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ads_adjust_subcategory_counts"();
--> statement-breakpoint
UPDATE "subcategories" s SET "active_ads_count" = (SELECT count(*) FROM "ads" a WHERE a.subcategory_id = s.id AND a.status_id = 2);
