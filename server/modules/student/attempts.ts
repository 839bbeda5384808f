import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { answerAttempts } from '../../db/schema';
import { BatchWriter } from '../../lib/batch-writer';

export interface NewAttempt {
  studentId: string;
  questionId: string;
  sectionId: string;
  /** Stored wrapped in an object: the driver would read a bare JSON string such as "0.5" back as a number. */
  studentAnswer: string;
  isCorrect: boolean;
  createdAt: Date;
}

/**
 * The rows travel as one array per column, so the statement is the same whatever the batch size: prepared once,
 * planned once. The select lists every column of answer_attempts in the table's order, as drizzle requires.
 */
function prepareAttemptInsert(db: Db) {
  const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  return db
    .insert(answerAttempts)
    .select(
      sql`select gen_random_uuid(), * from unnest(${column('studentIds', 'uuid')}, ${column('questionIds', 'uuid')}, ${column('sectionIds', 'uuid')},
        ${column('answers', 'jsonb')}, ${column('correct', 'boolean')}, ${column('times', 'timestamptz')})`,
    )
    .prepare('insert_attempts');
}
const attemptInserts = new WeakMap<Db, ReturnType<typeof prepareAttemptInsert>>();

/**
 * Answer attempts are written behind the answer (see BatchWriter): a check answers without waiting for the
 * insert, which kept it under its latency budget. An attempt can be lost only if the process dies within the
 * few milliseconds before its batch is written; shutdown flushes.
 */
export function attemptWriter(db: Db, log: FastifyBaseLogger): BatchWriter<NewAttempt> {
  return new BatchWriter<NewAttempt>(
    (rows) =>
      preparedFor(db, attemptInserts, prepareAttemptInsert).execute({
        studentIds: rows.map((r) => r.studentId),
        questionIds: rows.map((r) => r.questionId),
        sectionIds: rows.map((r) => r.sectionId),
        answers: rows.map((r) => JSON.stringify({ studentAnswer: r.studentAnswer })),
        correct: rows.map((r) => r.isCorrect),
        times: rows.map((r) => r.createdAt.toISOString()),
      }),
    { onError: (error, row) => log.error({ err: error, studentId: row.studentId, questionId: row.questionId }, 'an answer attempt could not be stored') },
  );
}
