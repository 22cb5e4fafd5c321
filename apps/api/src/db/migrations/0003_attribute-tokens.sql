ALTER TABLE "ads" ADD COLUMN "attribute_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "ads_attribute_tokens_idx" ON "ads" USING gin ("attribute_tokens");--> statement-breakpoint
-- attributes_text and attribute_tokens are derived from ad_attribute_values, whoever writes them
-- (API, seeds, admin): statement-level triggers refresh the touched ads once per statement.
CREATE FUNCTION "ads_refresh_attributes"(ad_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE ads a
  SET attributes_text = coalesce(x.words, ''), attribute_tokens = coalesce(x.tokens, '{}')
  FROM (
    SELECT ids.ad_id,
      string_agg(v.value, ' ' ORDER BY sa.position) FILTER (WHERE v.value NOT IN ('Yes', 'No')) AS words,
      array_agg(sa.attribute_id || ':' || v.value) FILTER (WHERE v.id IS NOT NULL) AS tokens
    FROM unnest(ad_ids) AS ids(ad_id)
    LEFT JOIN ad_attribute_values v ON v.ad_id = ids.ad_id
    LEFT JOIN subcategory_attributes sa ON sa.id = v.subcategory_attribute_id
    GROUP BY ids.ad_id
  ) x
  WHERE a.id = x.ad_id
$$;
--> statement-breakpoint
CREATE FUNCTION "ad_attribute_values_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ads_refresh_attributes(ARRAY(SELECT DISTINCT ad_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ads_refresh_attributes(ARRAY(SELECT DISTINCT ad_id FROM old_rows));
  ELSE
    PERFORM ads_refresh_attributes(ARRAY(SELECT ad_id FROM new_rows UNION SELECT ad_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ad_attribute_values_insert" AFTER INSERT ON "ad_attribute_values" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_attribute_values_changed"();
--> statement-breakpoint
CREATE TRIGGER "ad_attribute_values_update" AFTER UPDATE ON "ad_attribute_values" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_attribute_values_changed"();
--> statement-breakpoint
CREATE TRIGGER "ad_attribute_values_delete" AFTER DELETE ON "ad_attribute_values" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ad_attribute_values_changed"();
--> statement-breakpoint
SELECT ads_refresh_attributes(ARRAY(SELECT DISTINCT ad_id FROM ad_attribute_values));
