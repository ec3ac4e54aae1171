CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "courses_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
-- The words a typo is corrected against (docs/search.md, "Typo tolerance"): every word of 5 to 20
-- letters of a course's search_text, added whoever writes it (the app, a seed, an admin in psql).
-- Row-level, and only when search_text itself is written and changed: the counters' updates of
-- courses (migration 0007) never fire it. Words are never removed (a correction that matches no
-- public course finds nothing, which is right).
CREATE FUNCTION "course_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term")
  SELECT DISTINCT w FROM regexp_split_to_table(NEW."search_text", ' ') AS w
  WHERE char_length(w) BETWEEN 5 AND 20 AND w ~ '[^0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "courses_search_terms_insert" AFTER INSERT ON "courses" FOR EACH ROW WHEN (NEW."search_text" <> '') EXECUTE FUNCTION "course_search_terms"();
--> statement-breakpoint
CREATE TRIGGER "courses_search_terms_update" AFTER UPDATE OF "search_text" ON "courses" FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text") EXECUTE FUNCTION "course_search_terms"();
--> statement-breakpoint
INSERT INTO "search_terms" ("term")
SELECT DISTINCT w FROM "courses", regexp_split_to_table("search_text", ' ') AS w
WHERE char_length(w) BETWEEN 5 AND 20 AND w ~ '[^0-9]'
ON CONFLICT DO NOTHING;
