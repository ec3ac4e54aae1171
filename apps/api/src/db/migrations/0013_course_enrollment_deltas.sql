CREATE TABLE "course_enrollment_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_enrollment_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "course_enrollment_deltas_course_idx" ON "course_enrollment_deltas" USING btree ("course_id","n");--> statement-breakpoint
-- Enrolments in one course at once queued on the course's row: the statement-level trigger of
-- migration 0007 updated courses.enrollment_count, so each enrolment held that row's lock until its
-- commit (its WAL flush included), and the next one waited (issue 26, point 5: Lock:transactionid).
-- Now the trigger only inserts a delta per course its statement touched, which takes no lock that
-- another enrolment waits for; fold_course_enrollment_deltas() moves the deltas into the counter
-- (the API runs it every few seconds; anyone may run it). The exact figure is
-- enrollment_count + the course's pending deltas (db/enrolment-count.ts); a fold changes the two
-- together in one transaction, so a reader sees the same sum before and after it.
CREATE OR REPLACE FUNCTION "course_enrollment_stats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "course_enrollment_deltas" ("course_id", "n")
    SELECT "course_id", count(*)::int FROM new_rows GROUP BY "course_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "course_enrollment_deltas" ("course_id", "n")
    SELECT "course_id", -count(*)::int FROM old_rows GROUP BY "course_id";
  ELSE
    INSERT INTO "course_enrollment_deltas" ("course_id", "n")
    SELECT "course_id", sum(n)::int FROM (SELECT "course_id", 1 AS n FROM new_rows UNION ALL SELECT "course_id", -1 FROM old_rows) x
    GROUP BY "course_id" HAVING sum(n) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Folds every pending delta into its course's counter, one course after another in id order (the
-- same lock order whoever folds); returns how many deltas it folded. Two folds at once: the second
-- folds nothing (the advisory lock, held to the end of the transaction), the first folds them all.
CREATE FUNCTION "fold_course_enrollment_deltas"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  d record;
  folded integer := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(2026112605) THEN
    RETURN 0;
  END IF;
  FOR d IN
    WITH taken AS (DELETE FROM "course_enrollment_deltas" RETURNING "course_id", "n")
    SELECT "course_id", sum("n")::int AS n, count(*)::int AS rows FROM taken GROUP BY "course_id" ORDER BY "course_id"
  LOOP
    IF d.n <> 0 THEN
      UPDATE "courses" SET "enrollment_count" = "enrollment_count" + d.n WHERE "id" = d.course_id;
    END IF;
    folded := folded + d.rows;
  END LOOP;
  RETURN folded;
END $$;
