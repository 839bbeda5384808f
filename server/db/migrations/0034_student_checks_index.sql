-- The index of a student's checks per question is replaced by answer_attempts_student_checks_idx, which carries
-- whether each check was right. Both are built and dropped by the server after the migrations, concurrently
-- (server/db/background-indexes.ts): in this transaction the build would hold every answer's write for minutes.
SELECT 1;
