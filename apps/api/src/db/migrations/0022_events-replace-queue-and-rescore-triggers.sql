-- Issue 25: side effects across modules go through domain events in the writer's transaction, not triggers. A posted
-- ad enters the moderation queue through the queue's `ad.created` reaction (modules/admin/
-- admin-moderation-queue.reactions.ts), and a rating queues its ad for the score job through analytics'
-- `ratings.changed` reaction (modules/analytics/analytics.reactions.ts), instead of migrations 0018 and 0013's
-- triggers. Rows written before this migration are where those triggers put them.
DROP TRIGGER "moderation_queue_ads_insert" ON "ads";
--> statement-breakpoint
DROP FUNCTION "moderation_queue_ads_insert"();
--> statement-breakpoint
DROP TRIGGER "ratings_queue_rescore" ON "ratings";
--> statement-breakpoint
DROP FUNCTION "queue_rescore_on_rating"();
