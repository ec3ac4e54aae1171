CREATE TABLE "quiz_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text,
	"correct" boolean,
	"points" integer NOT NULL,
	"points_awarded" integer,
	"feedback" text,
	"checked_by" integer,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"pass_mark" smallint NOT NULL,
	"time_limit_minutes" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"idempotency_key" text,
	"score" integer DEFAULT 0 NOT NULL,
	"max_score" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "quiz_attempts_status" CHECK ("quiz_attempts"."status" in ('open', 'expired', 'pending', 'passed', 'failed')),
	CONSTRAINT "quiz_attempts_submitted" CHECK (("quiz_attempts"."status" in ('open', 'expired')) = ("quiz_attempts"."submitted_at" is null))
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_assessment_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."assessment_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_answers_attempt_question_unique" ON "quiz_answers" USING btree ("attempt_id","question_id");--> statement-breakpoint
CREATE INDEX "quiz_answers_question_idx" ON "quiz_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_number_unique" ON "quiz_attempts" USING btree ("assessment_id","participant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open" ON "quiz_attempts" USING btree ("assessment_id","participant_id") WHERE "quiz_attempts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_idempotency_unique" ON "quiz_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "quiz_attempts_participant_idx" ON "quiz_attempts" USING btree ("participant_id","course_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_course_submitted_idx" ON "quiz_attempts" USING btree ("course_id","submitted_at");--> statement-breakpoint
CREATE INDEX "quiz_attempts_pending_idx" ON "quiz_attempts" USING btree ("submitted_at") WHERE "quiz_attempts"."status" = 'pending';