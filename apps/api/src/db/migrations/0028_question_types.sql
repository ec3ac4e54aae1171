ALTER TABLE "assessment_questions" DROP CONSTRAINT "assessment_questions_type";--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD COLUMN "numeric_answer" double precision;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD COLUMN "numeric_tolerance" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "shuffle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "match_text" text;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "option_key" integer DEFAULT (floor(random() * 2147483646) + 1)::integer NOT NULL;--> statement-breakpoint
ALTER TABLE "question_options" ADD COLUMN "match_key" integer DEFAULT (floor(random() * 2147483646) + 1)::integer NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD COLUMN "response" jsonb;--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_tolerance" CHECK ("assessment_questions"."numeric_tolerance" >= 0);--> statement-breakpoint
ALTER TABLE "assessment_questions" ADD CONSTRAINT "assessment_questions_type" CHECK ("assessment_questions"."type" in ('single', 'multiple', 'true_false', 'short', 'matching', 'ordering', 'fill_blanks', 'numeric'));