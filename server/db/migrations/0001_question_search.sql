-- The bank's text search: trigram indexes need the pg_trgm extension (PGlite loads it in server/db/client.ts;
-- on PostgreSQL 13+ it is a trusted extension the database owner may create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "questions_text_trgm_idx" ON "questions" USING gin ("question_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_source_trgm_idx" ON "questions" USING gin ("source" gin_trgm_ops);