DROP INDEX "courses_search_fts_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_search_vector_idx" ON "courses" USING gin ("search_vector");