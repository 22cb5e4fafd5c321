CREATE TABLE "exchange_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usd_lrd" numeric(12, 4) NOT NULL,
	"admin_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."usd_lrd" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider" text DEFAULT 'mtn_momo' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_usd" numeric(10, 2);--> statement-breakpoint
-- Every payment so far was charged the package's price in the MoMo account's currency, priced as US$.
UPDATE "payments" SET "amount_usd" = "amount";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_usd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "usd_lrd" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_provider_known" CHECK ("payments"."provider" in ('mtn_momo', 'orange_money'));