CREATE TABLE "assessment_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"count" integer NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assessment_draws_count" CHECK ("assessment_draws"."count" > 0),
	CONSTRAINT "assessment_draws_points" CHECK ("assessment_draws"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "question_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_questions" ALTER COLUMN "assessment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD COLUMN "topic_id" integer;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "questions" jsonb;--> statement-breakpoint
ALTER TABLE "assessment_draws" ADD CONSTRAINT "assessment_draws_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_draws" ADD CONSTRAINT "assessment_draws_topic_id_question_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."question_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_topics" ADD CONSTRAINT "question_topics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_draws_topic_unique" ON "assessment_draws" USING btree ("assessment_id","topic_id");--> statement-breakpoint
CREATE INDEX "assessment_draws_topic_idx" ON "assessment_draws" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "question_topics_course_idx" ON "question_topics" USING btree ("course_id","position");--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_topic_id_question_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."question_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_questions_topic_idx" ON "assessment_questions" USING btree ("topic_id","position") WHERE "assessment_questions"."topic_id" is not null;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_one_parent" CHECK (("assessment_questions"."assessment_id" is null) <> ("assessment_questions"."topic_id" is null));