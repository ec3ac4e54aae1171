ALTER TABLE "courses" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "enrollment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_public_newest_idx" ON "courses" USING btree (coalesce("reviewed_at", "created_at") desc,"id" desc,"reviewed_at","created_at","category_id","language","level","price","rating_sum","rating_count","enrollment_count") WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_category_newest_idx" ON "courses" USING btree ("category_id",coalesce("reviewed_at", "created_at") desc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_rating_idx" ON "courses" USING btree (("rating_sum"::float8 / nullif("rating_count", 0)) desc nulls last,"rating_count" desc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_category_rating_idx" ON "courses" USING btree ("category_id",("rating_sum"::float8 / nullif("rating_count", 0)) desc nulls last,"rating_count" desc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_popular_idx" ON "courses" USING btree ("enrollment_count" desc,"id" desc) WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "courses_public_instructor_idx" ON "courses" USING btree ("instructor_id") WHERE "courses"."approve_status" = 'approved' and "courses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "ratings_course_updated_idx" ON "ratings" USING btree ("course_id","updated_at" desc,"id" desc);--> statement-breakpoint
-- courses.rating_count, rating_sum and enrollment_count follow their rows whatever writes them (the
-- app, a seed, an admin in psql): statement-level triggers add up each statement's changed rows per
-- course, so a bulk insert updates each course once, and an update that changes no figure (a review's
-- text, a completion) updates none.
CREATE FUNCTION "course_rating_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "courses" c SET "rating_count" = c."rating_count" + d.n, "rating_sum" = c."rating_sum" + d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM new_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "courses" c SET "rating_count" = c."rating_count" - d.n, "rating_sum" = c."rating_sum" - d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("rating")::int AS s FROM old_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSE
    UPDATE "courses" c SET "rating_count" = c."rating_count" + d.n, "rating_sum" = c."rating_sum" + d.s
    FROM (SELECT "course_id", sum(n)::int AS n, sum(s)::int AS s
      FROM (SELECT "course_id", 1 AS n, "rating" AS s FROM new_rows UNION ALL SELECT "course_id", -1, -"rating" FROM old_rows) x
      GROUP BY "course_id" HAVING sum(n) <> 0 OR sum(s) <> 0) d WHERE c."id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "ratings_stats_insert" AFTER INSERT ON "ratings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_rating_stats"();
--> statement-breakpoint
CREATE TRIGGER "ratings_stats_update" AFTER UPDATE ON "ratings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_rating_stats"();
--> statement-breakpoint
CREATE TRIGGER "ratings_stats_delete" AFTER DELETE ON "ratings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_rating_stats"();
--> statement-breakpoint
CREATE FUNCTION "course_enrollment_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "courses" c SET "enrollment_count" = c."enrollment_count" + d.n
    FROM (SELECT "course_id", count(*)::int AS n FROM new_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "courses" c SET "enrollment_count" = c."enrollment_count" - d.n
    FROM (SELECT "course_id", count(*)::int AS n FROM old_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSE
    UPDATE "courses" c SET "enrollment_count" = c."enrollment_count" + d.n
    FROM (SELECT "course_id", sum(n)::int AS n FROM (SELECT "course_id", 1 AS n FROM new_rows UNION ALL SELECT "course_id", -1 FROM old_rows) x
      GROUP BY "course_id" HAVING sum(n) <> 0) d WHERE c."id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "enrollments_stats_insert" AFTER INSERT ON "enrollments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_stats"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_stats_update" AFTER UPDATE ON "enrollments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_stats"();
--> statement-breakpoint
CREATE TRIGGER "enrollments_stats_delete" AFTER DELETE ON "enrollments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_enrollment_stats"();
--> statement-breakpoint
UPDATE "courses" c SET
  "rating_count" = coalesce((SELECT count(*) FROM "ratings" r WHERE r."course_id" = c."id"), 0),
  "rating_sum" = coalesce((SELECT sum(r."rating") FROM "ratings" r WHERE r."course_id" = c."id"), 0),
  "enrollment_count" = coalesce((SELECT count(*) FROM "enrollments" e WHERE e."course_id" = c."id"), 0);
