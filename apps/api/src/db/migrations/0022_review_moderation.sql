DROP INDEX "ratings_course_updated_idx";--> statement-breakpoint
DROP INDEX "ratings_course_rating_idx";--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "ratings" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ratings_updated_idx" ON "ratings" USING btree ("updated_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "ratings_hidden_idx" ON "ratings" USING btree ("hidden_at" desc,"id" desc) WHERE "ratings"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "ratings_course_updated_idx" ON "ratings" USING btree ("course_id","updated_at" desc,"id" desc) WHERE "ratings"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "ratings_course_rating_idx" ON "ratings" USING btree ("course_id","rating") WHERE "ratings"."hidden_at" is null;--> statement-breakpoint
-- courses.rating_count and rating_sum count visible reviews only: hiding a review takes it out of the course's
-- rating in the same statement, showing it again puts it back (docs/reviews.md). The same statement-level sums
-- as migration 0007, over the rows that are visible before and after.
CREATE OR REPLACE FUNCTION "course_rating_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "courses" c SET "rating_count" = c."rating_count" + d.n, "rating_sum" = c."rating_sum" + d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM new_rows WHERE "hidden_at" IS NULL GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "courses" c SET "rating_count" = c."rating_count" - d.n, "rating_sum" = c."rating_sum" - d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM old_rows WHERE "hidden_at" IS NULL GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSE
    UPDATE "courses" c SET "rating_count" = c."rating_count" + d.n, "rating_sum" = c."rating_sum" + d.s
    FROM (SELECT "course_id", sum(n)::int AS n, sum(s)::int AS s
      FROM (SELECT "course_id", 1 AS n, "rating" AS s FROM new_rows WHERE "hidden_at" IS NULL
        UNION ALL SELECT "course_id", -1, -"rating" FROM old_rows WHERE "hidden_at" IS NULL) x
      GROUP BY "course_id" HAVING sum(n) <> 0 OR sum(s) <> 0) d WHERE c."id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;
