CREATE TABLE "gradebook_settings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"pass_mark" smallint DEFAULT 60 NOT NULL,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gradebook_settings_pass_mark_range" CHECK ("gradebook_settings"."pass_mark" between 0 and 100)
);
--> statement-breakpoint
DROP INDEX "enrollments_course_idx";--> statement-breakpoint
ALTER TABLE "gradebook_settings" ADD CONSTRAINT "gradebook_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_progress_by_course_idx" ON "lecture_progress" USING btree ("course_id","participant_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_gradebook_idx" ON "quiz_attempts" USING btree ("course_id","participant_id","assessment_id","status","score","max_score","submitted_at","started_at");--> statement-breakpoint
CREATE INDEX "assignment_submissions_course_idx" ON "assignment_submissions" USING btree ("course_id","participant_id");--> statement-breakpoint
CREATE INDEX "enrollments_course_idx" ON "enrollments" USING btree ("course_id","participant_id");