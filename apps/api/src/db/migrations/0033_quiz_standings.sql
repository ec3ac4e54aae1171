CREATE TABLE "quiz_standings" (
	"assessment_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"best_percent" integer,
	"failed" boolean DEFAULT false NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quiz_standings_assessment_id_participant_id_pk" PRIMARY KEY("assessment_id","participant_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_standings" ADD CONSTRAINT "quiz_standings_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_standings" ADD CONSTRAINT "quiz_standings_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_standings" ADD CONSTRAINT "quiz_standings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_standings_course_idx" ON "quiz_standings" USING btree ("course_id","participant_id");--> statement-breakpoint
-- quiz_standings follows quiz_attempts whatever writes them (the app, the seeds, a test), as the course counters follow
-- their tables (migrations 0007, 0010): for each learner and assessment an attempt of the statement touched, the row is
-- worked out again from that pair's attempts (a few rows, by quiz_attempts_number_unique). The pairs' rows are locked
-- first, in key order, so two transactions touching one pair take turns, and the second reads the first's attempts.
CREATE FUNCTION "quiz_standings_refresh"(pair_assessments integer[], pair_participants integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "quiz_standings" s
    JOIN unnest(pair_assessments, pair_participants) AS t(a, p) ON s."assessment_id" = t.a AND s."participant_id" = t.p
    ORDER BY s."assessment_id", s."participant_id" FOR UPDATE OF s;
  WITH t AS (SELECT DISTINCT a, p FROM unnest(pair_assessments, pair_participants) AS t(a, p)),
  fresh AS (
    SELECT t.a, t.p, max(q."course_id") AS course_id,
      max((q."score" * 100) / nullif(q."max_score", 0)) FILTER (WHERE q."status" IN ('passed', 'failed', 'pending')) AS best,
      coalesce(bool_or(q."status" = 'failed') AND NOT bool_or(q."status" IN ('passed', 'pending')), false) AS failed,
      max(coalesce(q."submitted_at", q."started_at")) AS last_at
    FROM t JOIN "quiz_attempts" q ON q."assessment_id" = t.a AND q."participant_id" = t.p
    GROUP BY t.a, t.p
  ),
  gone AS (
    DELETE FROM "quiz_standings" s USING t
    WHERE s."assessment_id" = t.a AND s."participant_id" = t.p AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.a = t.a AND f.p = t.p)
  )
  INSERT INTO "quiz_standings" ("assessment_id", "participant_id", "course_id", "best_percent", "failed", "last_at")
  SELECT a, p, course_id, best, failed, last_at FROM fresh
  ON CONFLICT ("assessment_id", "participant_id") DO UPDATE
    SET "course_id" = excluded."course_id", "best_percent" = excluded."best_percent", "failed" = excluded."failed", "last_at" = excluded."last_at";
END $$;
--> statement-breakpoint
CREATE FUNCTION "quiz_standings_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pair_assessments integer[];
  pair_participants integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg("assessment_id"), array_agg("participant_id") INTO pair_assessments, pair_participants FROM old_rows;
  ELSE
    SELECT array_agg("assessment_id"), array_agg("participant_id") INTO pair_assessments, pair_participants FROM new_rows;
  END IF;
  IF pair_assessments IS NOT NULL THEN
    PERFORM "quiz_standings_refresh"(pair_assessments, pair_participants);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quiz_standings_insert" AFTER INSERT ON "quiz_attempts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quiz_standings_follow"();
--> statement-breakpoint
CREATE TRIGGER "quiz_standings_update" AFTER UPDATE ON "quiz_attempts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "quiz_standings_follow"();
--> statement-breakpoint
CREATE TRIGGER "quiz_standings_delete" AFTER DELETE ON "quiz_attempts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "quiz_standings_follow"();
--> statement-breakpoint
INSERT INTO "quiz_standings" ("assessment_id", "participant_id", "course_id", "best_percent", "failed", "last_at")
SELECT q."assessment_id", q."participant_id", max(q."course_id"),
  max((q."score" * 100) / nullif(q."max_score", 0)) FILTER (WHERE q."status" IN ('passed', 'failed', 'pending')),
  coalesce(bool_or(q."status" = 'failed') AND NOT bool_or(q."status" IN ('passed', 'pending')), false),
  max(coalesce(q."submitted_at", q."started_at"))
FROM "quiz_attempts" q GROUP BY q."assessment_id", q."participant_id";
