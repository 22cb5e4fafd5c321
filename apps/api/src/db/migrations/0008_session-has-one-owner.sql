-- A session with both owners can only come from the prototype pollution fixed with this migration: drop it.
DELETE FROM "auth_sessions" WHERE num_nonnulls("user_id", "admin_id") <> 1;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_one_owner" CHECK (num_nonnulls("auth_sessions"."user_id", "auth_sessions"."admin_id") = 1);
