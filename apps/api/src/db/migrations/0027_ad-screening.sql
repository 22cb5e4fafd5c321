CREATE TABLE "ad_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_id" integer NOT NULL,
	"reason" text NOT NULL,
	"other_ad_id" integer,
	"rule_id" integer,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_flags_reason" CHECK ("ad_flags"."reason" in ('duplicate_photo', 'low_price', 'rule', 'contact'))
);
--> statement-breakpoint
CREATE TABLE "ad_screening_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_screening_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"pattern" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_screening_rules_kind" CHECK ("ad_screening_rules"."kind" in ('word', 'pattern')),
	CONSTRAINT "ad_screening_rules_action" CHECK ("ad_screening_rules"."action" in ('refuse', 'flag'))
);
--> statement-breakpoint
ALTER TABLE "ad_images" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "ad_flags" ADD CONSTRAINT "ad_flags_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_flags" ADD CONSTRAINT "ad_flags_other_ad_id_ads_id_fk" FOREIGN KEY ("other_ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_flags" ADD CONSTRAINT "ad_flags_rule_id_ad_screening_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."ad_screening_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_screening_rules" ADD CONSTRAINT "ad_screening_rules_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_flags_unique" ON "ad_flags" USING btree ("ad_id","reason",coalesce("other_ad_id", 0),coalesce("rule_id", 0),"detail");--> statement-breakpoint
CREATE INDEX "ad_flags_other_ad_idx" ON "ad_flags" USING btree ("other_ad_id") WHERE "ad_flags"."other_ad_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_screening_rules_unique" ON "ad_screening_rules" USING btree ("kind",lower("pattern"));--> statement-breakpoint
CREATE INDEX "ad_images_phash_band0_idx" ON "ad_images" USING btree ((("phash" >> 48) & 65535)) WHERE "ad_images"."phash" is not null;--> statement-breakpoint
CREATE INDEX "ad_images_phash_band1_idx" ON "ad_images" USING btree ((("phash" >> 32) & 65535)) WHERE "ad_images"."phash" is not null;--> statement-breakpoint
CREATE INDEX "ad_images_phash_band2_idx" ON "ad_images" USING btree ((("phash" >> 16) & 65535)) WHERE "ad_images"."phash" is not null;--> statement-breakpoint
CREATE INDEX "ad_images_phash_band3_idx" ON "ad_images" USING btree ((("phash" >> 0) & 65535)) WHERE "ad_images"."phash" is not null;