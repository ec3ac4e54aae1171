-- An admin's grant (issue 28, point 7; docs/bulk-enrolment.md): an enrolment made by an admin, not by an
-- order, says who made it and when (granted_at stays when the admin's account is later removed). Its
-- insert goes through the enrolments' statement-level trigger of migration 0013 like any other, so a
-- batch of 500 grants adds one delta to the course's counter.
ALTER TABLE "enrollments" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "granted_at" timestamp with time zone;--> statement-breakpoint
-- Invitations to set a first password share the reset links' table, with a kind of their own: they
-- work for days, and do not count against the hourly limit of forgot-password mails.
ALTER TABLE "password_reset_tokens" ADD COLUMN "kind" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
