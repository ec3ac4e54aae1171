ALTER TABLE "courses" ADD COLUMN "lecture_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "lecture_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- courses.lecture_count and lecture_seconds follow the lectures whatever writes them, as the rating and
-- enrolment counters do (migration 0007): a course card read them with two subqueries over lectures per
-- card. Statement-level: a bulk insert updates each course once; an update that changes no figure (a
-- title, a video) updates none.
CREATE FUNCTION "course_lecture_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "courses" c SET "lecture_count" = c."lecture_count" + d.n, "lecture_seconds" = c."lecture_seconds" + d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("duration_seconds")::int AS s FROM new_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "courses" c SET "lecture_count" = c."lecture_count" - d.n, "lecture_seconds" = c."lecture_seconds" - d.s
    FROM (SELECT "course_id", count(*)::int AS n, sum("duration_seconds")::int AS s FROM old_rows GROUP BY "course_id") d WHERE c."id" = d."course_id";
  ELSE
    UPDATE "courses" c SET "lecture_count" = c."lecture_count" + d.n, "lecture_seconds" = c."lecture_seconds" + d.s
    FROM (SELECT "course_id", sum(n)::int AS n, sum(s)::int AS s
      FROM (SELECT "course_id", 1 AS n, "duration_seconds" AS s FROM new_rows UNION ALL SELECT "course_id", -1, -"duration_seconds" FROM old_rows) x
      GROUP BY "course_id" HAVING sum(n) <> 0 OR sum(s) <> 0) d WHERE c."id" = d."course_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lectures_stats_insert" AFTER INSERT ON "lectures" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_lecture_stats"();
--> statement-breakpoint
CREATE TRIGGER "lectures_stats_update" AFTER UPDATE ON "lectures" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_lecture_stats"();
--> statement-breakpoint
CREATE TRIGGER "lectures_stats_delete" AFTER DELETE ON "lectures" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "course_lecture_stats"();
--> statement-breakpoint
UPDATE "courses" c SET
  "lecture_count" = coalesce((SELECT count(*) FROM "lectures" l WHERE l."course_id" = c."id"), 0),
  "lecture_seconds" = coalesce((SELECT sum(l."duration_seconds") FROM "lectures" l WHERE l."course_id" = c."id"), 0);
