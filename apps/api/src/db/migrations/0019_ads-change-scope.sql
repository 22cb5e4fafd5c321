-- Issue 17, decision 056: a write to ads announces which ads, subcategories, categories and sellers it touched, and
-- the words those ads are found by, so API processes drop only the cached lists it can change instead of every one
-- (decision 013). The payload is "a:<ad ids>;s:<subcategory ids>;c:<category ids>;u:<user ids>;w:<words>" (the
-- words space-separated, last, as a word may hold a semicolon), or "*" for everything: when a statement touches many
-- ads (a score refresh) or the payload would pass PostgreSQL's 8,000 bytes; catalogue writes keep the table's name
-- as their payload (migration 0004), which means everything too.
CREATE FUNCTION "announce_ads_changed"(
  ad_ids int[], subcategory_ids int[], category_ids int[], user_ids int[], words text[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF ad_ids IS NULL OR cardinality(ad_ids) = 0 THEN
    RETURN;
  END IF;
  payload := 'a:' || array_to_string(ad_ids, ',') || ';s:' || coalesce(array_to_string(subcategory_ids, ','), '')
    || ';c:' || coalesce(array_to_string(category_ids, ','), '') || ';u:' || coalesce(array_to_string(user_ids, ','), '')
    || ';w:' || coalesce(array_to_string(words, ' '), '');
  PERFORM pg_notify('ads_changed', CASE WHEN octet_length(payload) > 7900 THEN '*' ELSE payload END);
END $$;
--> statement-breakpoint
-- Past this many rows a statement is announced as "*": listing hundreds of ads would cost more than it saves.
CREATE FUNCTION "ads_change_row_limit"() RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT 300';
--> statement-breakpoint
CREATE FUNCTION "notify_ads_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has (PL/pgSQL plans a statement when it first runs).
  -- The words are those of the ads before and after: an ad found by a word it loses leaves that word's results.
  IF TG_OP = 'INSERT' THEN
    IF (SELECT count(*) FROM new_rows) > ads_change_row_limit() THEN
      PERFORM pg_notify('ads_changed', '*');
    ELSE
      PERFORM announce_ads_changed(array_agg(DISTINCT id), array_agg(DISTINCT subcategory_id),
        array_agg(DISTINCT category_id), array_agg(DISTINCT user_id),
        array(SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM new_rows))
      FROM new_rows;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF (SELECT count(*) FROM old_rows) > ads_change_row_limit() THEN
      PERFORM pg_notify('ads_changed', '*');
    ELSE
      PERFORM announce_ads_changed(array_agg(DISTINCT id), array_agg(DISTINCT subcategory_id),
        array_agg(DISTINCT category_id), array_agg(DISTINCT user_id),
        array(SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM old_rows))
      FROM old_rows;
    END IF;
  ELSE
    -- An ad moved to another subcategory (or seller) leaves the old one's lists and joins the new one's.
    IF (SELECT count(*) FROM new_rows) > ads_change_row_limit() THEN
      PERFORM pg_notify('ads_changed', '*');
    ELSE
      PERFORM announce_ads_changed(array_agg(DISTINCT id), array_agg(DISTINCT subcategory_id),
        array_agg(DISTINCT category_id), array_agg(DISTINCT user_id),
        array(SELECT DISTINCT unnest(tsvector_to_array(search_vector))
              FROM (SELECT search_vector FROM old_rows UNION ALL SELECT search_vector FROM new_rows) AS versions))
      FROM (SELECT id, subcategory_id, category_id, user_id FROM old_rows
            UNION ALL SELECT id, subcategory_id, category_id, user_id FROM new_rows) AS touched;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rows that belong to an ad (photos, attribute values, boosts): the ad's own subcategory, category, seller and words.
-- A row without an ad (a seller's business plan, which changes "top seller" lists everywhere) means everything; an ad
-- already gone (deleted with it) was announced by its own delete.
CREATE FUNCTION "notify_ad_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ad_ids int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    ad_ids := array(SELECT ad_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    ad_ids := array(SELECT ad_id FROM old_rows);
  ELSE
    ad_ids := array(SELECT ad_id FROM old_rows UNION ALL SELECT ad_id FROM new_rows);
  END IF;
  IF cardinality(ad_ids) > ads_change_row_limit() OR array_position(ad_ids, NULL) IS NOT NULL THEN
    PERFORM pg_notify('ads_changed', '*');
    RETURN NULL;
  END IF;
  PERFORM announce_ads_changed(
    array(SELECT DISTINCT unnest(ad_ids)),
    array_agg(DISTINCT a.subcategory_id), array_agg(DISTINCT a.category_id), array_agg(DISTINCT a.user_id),
    array(SELECT DISTINCT unnest(tsvector_to_array(w.search_vector)) FROM ads w WHERE w.id = ANY (ad_ids)))
  FROM ads a WHERE a.id = ANY (ad_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "ads_changed" ON "ads";
--> statement-breakpoint
CREATE TRIGGER "ads_changed_insert" AFTER INSERT ON "ads" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "ads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_delete" AFTER DELETE ON "ads" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_truncate" AFTER TRUNCATE ON "ads"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
DROP TRIGGER "ads_changed" ON "ad_images";
--> statement-breakpoint
CREATE TRIGGER "ads_changed_insert" AFTER INSERT ON "ad_images" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "ad_images" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_delete" AFTER DELETE ON "ad_images" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_truncate" AFTER TRUNCATE ON "ad_images"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
DROP TRIGGER "ads_changed" ON "ad_attribute_values";
--> statement-breakpoint
CREATE TRIGGER "ads_changed_insert" AFTER INSERT ON "ad_attribute_values" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "ad_attribute_values"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_delete" AFTER DELETE ON "ad_attribute_values" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_truncate" AFTER TRUNCATE ON "ad_attribute_values"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
DROP TRIGGER "ads_changed" ON "subscriptions";
--> statement-breakpoint
CREATE TRIGGER "ads_changed_insert" AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_update" AFTER UPDATE ON "subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_delete" AFTER DELETE ON "subscriptions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ad_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "ads_changed_truncate" AFTER TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
-- Lists show a seller's name, picture, type and creation date, and hide banned or deleted sellers' ads (through
-- writes to ads): only writes to those columns concern them, not a password change or a new phone number.
DROP TRIGGER "ads_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER UPDATE OF "name", "profile_image", "usertype_id", "status_id", "deleted_at"
  OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
--> statement-breakpoint
-- A subcategory's count of active ads changes only when an ad enters or leaves it (migration 0001 subtracted and
-- re-added on every update of any ad, rewriting the subcategory's row each time): only net changes are written.
CREATE OR REPLACE FUNCTION "ads_adjust_subcategory_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE subcategories s SET active_ads_count = s.active_ads_count + d.n
    FROM (SELECT subcategory_id, count(*)::int AS n FROM new_rows WHERE status_id = 2 GROUP BY subcategory_id) d
    WHERE s.id = d.subcategory_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE subcategories s SET active_ads_count = s.active_ads_count - d.n
    FROM (SELECT subcategory_id, count(*)::int AS n FROM old_rows WHERE status_id = 2 GROUP BY subcategory_id) d
    WHERE s.id = d.subcategory_id;
  ELSE
    UPDATE subcategories s SET active_ads_count = s.active_ads_count + d.n
    FROM (SELECT subcategory_id, sum(n)::int AS n
          FROM (SELECT subcategory_id, -1 AS n FROM old_rows WHERE status_id = 2
                UNION ALL SELECT subcategory_id, 1 FROM new_rows WHERE status_id = 2) AS moves
          GROUP BY subcategory_id HAVING sum(n) <> 0) d
    WHERE s.id = d.subcategory_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Those counts follow writes to ads, which announce themselves: a count changing is not a catalogue change.
DROP TRIGGER "ads_changed" ON "subcategories";
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OF "category_id", "name", "image", "active", "position"
  OR DELETE OR TRUNCATE ON "subcategories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
