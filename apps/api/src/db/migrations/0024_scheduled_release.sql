CREATE TABLE "section_release_notices" (
	"participant_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"noticed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_release_notices_participant_id_section_id_pk" PRIMARY KEY("participant_id","section_id")
);
--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "opens_after_days" smallint;--> statement-breakpoint
ALTER TABLE "section_release_notices" ADD CONSTRAINT "section_release_notices_participant_id_users_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_release_notices" ADD CONSTRAINT "section_release_notices_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "section_release_notices_section_idx" ON "section_release_notices" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "sections_release_idx" ON "sections" USING btree ("course_id") WHERE "sections"."opens_at" is not null or "sections"."opens_after_days" is not null;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_one_release_rule" CHECK ("sections"."opens_at" is null or "sections"."opens_after_days" is null);--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_opens_after_days_range" CHECK ("sections"."opens_after_days" is null or "sections"."opens_after_days" between 1 and 365);