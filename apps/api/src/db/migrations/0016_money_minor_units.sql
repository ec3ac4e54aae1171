-- Money in integer minor units (issue 28, point 2; docs/payments.md): a course's price and an order's
-- amount were numeric(10,2) read as floating-point numbers; they are now whole halalas (cents), and an
-- order keeps the currency it was placed in. Existing decimals are converted exactly (two decimals at most).
DROP INDEX "courses_public_newest_idx";--> statement-breakpoint
DROP INDEX "courses_public_category_price_asc_idx";--> statement-breakpoint
DROP INDEX "courses_public_category_price_desc_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "courses" SET "price_minor" = ("price" * 100)::integer WHERE "price" <> 0;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "amount_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "orders" SET "amount_minor" = ("amount" * 100)::integer, "currency" = 'SAR';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "amount_minor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_public_newest_idx" ON "courses" USING btree (coalesce("reviewed_at", "created_at") desc,"id" desc,"reviewed_at","created_at","category_id","language","level","price_minor","rating_sum","rating_count","enrollment_count") WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_category_price_asc_idx" ON "courses" USING btree ("category_id","price_minor" asc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_category_price_desc_idx" ON "courses" USING btree ("category_id","price_minor" desc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "amount";
