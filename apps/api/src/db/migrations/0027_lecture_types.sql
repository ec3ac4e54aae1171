CREATE TABLE "lecture_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecture_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "type" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "article_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "pdf" text;--> statement-breakpoint
ALTER TABLE "lectures" ADD COLUMN "pdf_downloadable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lecture_resources" ADD CONSTRAINT "lecture_resources_lecture_id_lectures_id_fk" FOREIGN KEY ("lecture_id") REFERENCES "public"."lectures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lecture_resources_lecture_idx" ON "lecture_resources" USING btree ("lecture_id","position");--> statement-breakpoint
ALTER TABLE "lectures" ADD CONSTRAINT "lectures_type" CHECK ("lectures"."type" in ('video', 'article', 'pdf'));