-- Practice sessions chosen from skills: a session's questions are given in practice without a test sitting; one open
-- session per student and one weak-spot session per sitting; the weak-spot sets given so far become sessions.
ALTER TABLE "practice_questions" ALTER COLUMN "attempt_id" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_open_key" ON "practice_sessions" USING btree ("student_id") WHERE finished_at is null and attempt_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_sessions_attempt_key" ON "practice_sessions" USING btree ("attempt_id") WHERE attempt_id is not null;--> statement-breakpoint
INSERT INTO "practice_sessions" ("student_id", "attempt_id", "items", "created_at")
SELECT pq.student_id, pq.attempt_id,
  jsonb_agg(jsonb_build_object('questionId', pq.question_id, 'skillId', null, 'reason', 'weak spot') ORDER BY pq.position),
  min(pq.created_at)
FROM "practice_questions" pq
WHERE pq.attempt_id IS NOT NULL
GROUP BY pq.student_id, pq.attempt_id
ON CONFLICT DO NOTHING;
