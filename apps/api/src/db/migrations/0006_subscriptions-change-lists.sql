-- A boost that starts, ends or is cancelled changes which ads `has_active_subscription` lists (decision 013).
CREATE TRIGGER "ads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subscriptions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
