-- The bank's text search: a trigram index needs the pg_trgm extension (PGlite loads it in server/db/client.ts;
-- on PostgreSQL 13+ it is a trusted extension the database owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(question_text || chr(10) || source)) STORED;--> statement-breakpoint
CREATE INDEX "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops);