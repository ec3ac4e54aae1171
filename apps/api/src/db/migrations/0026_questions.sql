CREATE TABLE "answer_upvotes" (
	"answer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_upvotes_answer_id_user_id_pk" PRIMARY KEY("answer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "question_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"upvote_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_moderation" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"kind" text NOT NULL,
	"post_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_id" integer,
	"author_id" integer,
	"excerpt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_upvotes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_upvotes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"lecture_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"position_seconds" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"accepted_answer_id" integer,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"instructor_answered" boolean DEFAULT false NOT NULL,
	"upvote_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_upvotes" ADD CONSTRAINT "answer_upvotes_answer_id_question_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."question_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_upvotes" ADD CONSTRAINT "answer_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_answers" ADD CONSTRAINT "question_answers_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_moderation" ADD CONSTRAINT "question_moderation_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_moderation" ADD CONSTRAINT "question_moderation_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_moderation" ADD CONSTRAINT "question_moderation_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_upvotes" ADD CONSTRAINT "question_upvotes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_upvotes" ADD CONSTRAINT "question_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_accepted_answer_id_question_answers_id_fk" FOREIGN KEY ("accepted_answer_id") REFERENCES "public"."question_answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_upvotes_user_idx" ON "answer_upvotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "question_answers_question_idx" ON "question_answers" USING btree ("question_id","created_at");--> statement-breakpoint
CREATE INDEX "question_answers_author_idx" ON "question_answers" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "question_moderation_course_idx" ON "question_moderation" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "question_upvotes_user_idx" ON "question_upvotes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questions_lecture_idx" ON "questions" USING btree ("lecture_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_course_idx" ON "questions" USING btree ("course_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_unanswered_idx" ON "questions" USING btree ("course_id","created_at") WHERE "questions"."accepted_answer_id" is null and not "questions"."instructor_answered" and "questions"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id");