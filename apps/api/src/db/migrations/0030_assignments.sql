CREATE TABLE "assignment_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assignment_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"participant_id" integer NOT NULL,
	"text" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" bigint,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"late" boolean DEFAULT false NOT NULL,
	"versions" integer DEFAULT 1 NOT NULL,
	"score" integer,
	"rubric_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feedback" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "assignment_submissions_graded" CHECK (("assignment_submissions"."graded_at" is null) = ("assignment_submissions"."score" is null))
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"accept_late" boolean DEFAULT true NOT NULL,
	"kind" text NOT NULL,
	"file_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_size_mb" smallint DEFAULT 10 NOT NULL,
	"points" integer DEFAULT 100 NOT NULL,
	"pass_mark" smallint DEFAULT 50 NOT NULL,
	"rubric" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_kind" CHECK ("assignments"."kind" in ('file', 'text')),
	CONSTRAINT "assignments_pass_mark_range" CHECK ("assignments"."pass_mark" between 0 and 100),
	CONSTRAINT "assignments_points_positive" CHECK ("assignments"."points" > 0),
	CONSTRAINT "assignments_max_size_range" CHECK ("assignments"."max_size_mb" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_one" ON "assignment_submissions" USING btree ("assignment_id","participant_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_participant_idx" ON "assignment_submissions" USING btree ("participant_id","course_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_ungraded_idx" ON "assignment_submissions" USING btree ("course_id","submitted_at") WHERE "assignment_submissions"."graded_at" is null;--> statement-breakpoint
CREATE INDEX "assignments_course_idx" ON "assignments" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "assignments_section_idx" ON "assignments" USING btree ("section_id");