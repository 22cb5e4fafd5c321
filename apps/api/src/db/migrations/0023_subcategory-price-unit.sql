ALTER TABLE "subcategories" ADD COLUMN "price_unit" text;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_price_unit_known" CHECK ("price_unit" IN ('month', 'night', 'day', 'year'));--> statement-breakpoint
-- A database seeded before this migration gets the reference units (src/db/seed/reference/categories.ts, decision 067);
-- a new one gets them from the seed itself.
UPDATE "subcategories" SET "price_unit" = 'month' WHERE "name" IN ('Houses & Apartments for Rent', 'Rooms for Rent', 'Shops & Offices for Rent', 'Office & Admin', 'Sales & Marketing', 'Drivers', 'Security & Cleaning', 'Hotel & Restaurant', 'Technical & Construction', 'Tutoring & Lessons');--> statement-breakpoint
UPDATE "subcategories" SET "price_unit" = 'night' WHERE "name" = 'Short Stay';--> statement-breakpoint
UPDATE "subcategories" SET "price_unit" = 'year' WHERE "name" = 'Land for Lease';
