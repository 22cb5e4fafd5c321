-- Lists show whether a seller's phone is verified (issue 27: the badge on ad cards, the verified_sellers filter), and
-- the ad page whether buyers may reveal the seller's number, so both concern cached reads too.
DROP TRIGGER "ads_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "ads_changed" AFTER UPDATE OF "name", "profile_image", "usertype_id", "status_id", "deleted_at",
  "verified_phone_number", "phone_revealable"
  OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_ads_changed"();
