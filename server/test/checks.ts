/** Checks stored at chosen times by the statement the server stores them with (counted into the day tables too). */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { Memo } from '../lib/kept/stores';
import { attemptWriter } from '../modules/student/attempts';
import type { StudentTotals } from '../modules/student/progress';

/** `add` queues a check as a student's answer would; `flush` stores what is queued. */
export function checkWriter(db: Db, log: FastifyBaseLogger) {
  const writer = attemptWriter(
    db,
    log,
    { instance: 'test-checks', totals: new Memo<StudentTotals, { student: string }>(1024 * 1024) },
    () => {},
  );
  return {
    add: (studentId: string, questionId: string, isCorrect: boolean, at: string) =>
      writer.add({ studentId, questionId, sectionId: null, studentAnswer: 'A', isCorrect, createdAt: new Date(at) }),
    flush: () => writer.flush(),
  };
}
