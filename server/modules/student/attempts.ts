import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { answerAttempts } from '../../db/schema';
import { BatchWriter } from '../../lib/batch-writer';
import { timeOrderedUuid } from '../../lib/crypto';
import { CHANNELS } from '../../db/changes';
import type { Memo } from '../../lib/kept/stores';
import { dayCountingCtes } from '../../db/days';
import { countCheck, type StudentTotals } from './progress';

export interface NewAttempt {
  studentId: string;
  questionId: string;
  /** The open section the question was reached through; null for a practice question (see practice_questions). */
  sectionId: string | null;
  /** Stored wrapped in an object: the driver would read a bare JSON string such as "0.5" back as a number. */
  studentAnswer: string;
  isCorrect: boolean;
  /** The variant answered, for a question with random numbers; none otherwise. */
  seed?: number | null;
  createdAt: Date;
}

/** Students named in one notice: 150 ids and the instance stay well within PostgreSQL's 8,000-byte payload. */
export const STUDENTS_PER_NOTICE = 150;

/**
 * The rows travel as one array per column, so the statement is the same whatever the batch size: prepared once,
 * planned once. Each row's id is given before its first write, and rows already stored under theirs are left out
 * (of the days and the skills' queue too): a write tried again after its connection broke, which the database may
 * have committed before it could say so, stores and counts each check once. The same statement announces, on commit, the students whose attempts it stored, with the instance
 * that wrote them (`<instance> <studentId> <studentId>...`, a notice per STUDENTS_PER_NOTICE students rather than
 * per row): the other instances forget those students' figures. It also adds the checks to the students' and the
 * academy's days (see db/days.ts) and queues the first tries for their skills.
 */
function prepareAttemptInsert(db: Db) {
  const column = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  const batch = db
    .$with('batch', {
      studentId: sql<string>`student_id`,
    })
    .as(
      sql`select * from unnest(${column('ids', 'uuid')}, ${column('studentIds', 'uuid')}, ${column('questionIds', 'uuid')}, ${column('sectionIds', 'uuid')},
        ${column('answers', 'jsonb')}, ${column('correct', 'boolean')}, ${column('times', 'timestamptz')}, ${column('seeds', 'int')})
        with ordinality as u(id, student_id, question_id, section_id, answer, is_correct, created_at, seed, ord)
        where not exists (select 1 from answer_attempts u_a where u_a.id = u.id)`,
    );
  const inserted = db.$with('inserted', { studentId: sql<string>`student_id` }).as(sql`
    insert into ${answerAttempts} (id, student_id, question_id, section_id, answer, is_correct, created_at, seed)
    select i_b.id, i_b.student_id, i_b.question_id, i_b.section_id, i_b.answer, i_b.is_correct, i_b.created_at, i_b.seed
    from batch i_b
    returning answer_attempts.student_id`);
  // The same statement adds the checks to the days (one snapshot: "before the batch" is exact).
  const counting = dayCountingCtes('batch');
  const checks = db.$with('checks', { studentId: sql<string>`student_id` }).as(counting.checks);
  const days = db.$with('days', { studentId: sql<string>`student_id` }).as(counting.days);
  const storedDays = db.$with('stored_days', { n: sql<number>`n` }).as(counting.storedDays);
  const storedCategories = db.$with('stored_categories', { n: sql<number>`n` }).as(counting.storedCategories);
  // First tries wait in the queue the skill keeper counts from (mastery/keeper.ts), in the order they were answered.
  const queued = db.$with('queued', { n: sql<number>`n` }).as(sql`
    insert into skill_answer_queue (student_id, question_id, is_correct, mixed, answered_at)
    select q_c.student_id, q_c.question_id, q_c.is_correct, false, q_c.created_at
    from checks q_c where q_c.unseen and q_c.try_in_batch = 1
    order by q_c.created_at
    returning 1 as n`);
  return db
    .with(batch, inserted, checks, days, storedDays, storedCategories, queued)
    .select({
      announced: sql`pg_notify(${CHANNELS.attempts}, ${sql.placeholder('instance')}::text || ' ' || string_agg(n_s.student_id::text, ' '))`,
    })
    .from(
      sql`(select n_d.student_id, (row_number() over () - 1) / ${sql.raw(String(STUDENTS_PER_NOTICE))} as bucket
        from (select distinct inserted.student_id from inserted) n_d) n_s`,
    )
    .groupBy(sql`n_s.bucket`)
    .prepare('insert_attempts');
}
const attemptInserts = new WeakMap<Db, ReturnType<typeof prepareAttemptInsert>>();

/** An attempt with the id and time it is stored under, the same at every try of its write. */
export interface StampedAttempt extends NewAttempt {
  id: string;
  /** `createdAt` to the microsecond (see orderedStamps). */
  at: string;
}

/** Stores the attempts in one statement (see prepareAttemptInsert), announced as `instance`'s. */
export async function storeAttempts(db: Db, instance: string, rows: StampedAttempt[]): Promise<void> {
  await preparedFor(db, attemptInserts, prepareAttemptInsert).execute({
    instance,
    ids: rows.map((r) => r.id),
    studentIds: rows.map((r) => r.studentId),
    questionIds: rows.map((r) => r.questionId),
    sectionIds: rows.map((r) => r.sectionId),
    answers: rows.map((r) => JSON.stringify({ studentAnswer: r.studentAnswer })),
    correct: rows.map((r) => r.isCorrect),
    times: rows.map((r) => r.at),
    seeds: rows.map((r) => r.seed ?? null),
  });
}

/**
 * A question's first try is its first stored check by time. Two checks within one millisecond would tie (the clock
 * counts milliseconds), and the tie would fall to the random id: a question answered right, then wrong, could read
 * back as solved on try 2. The stamps count the checks within a millisecond in its microseconds (timestamptz keeps
 * them), so the stored order is the order the checks were counted in.
 */
function orderedStamps(): (at: Date) => string {
  let lastMs = Number.NaN;
  let inSameMs = 0;
  return (at) => {
    const ms = at.getTime();
    inSameMs = ms === lastMs ? inSameMs + 1 : 0;
    lastMs = ms;
    return `${at.toISOString().slice(0, -1)}${String(Math.min(inSameMs, 999)).padStart(3, '0')}Z`;
  };
}

/**
 * A statement of attempts waits this long for more rows: at a few thousand checks a second on PGlite, statements of
 * a dozen rows each cost it half its time (a statement costs about as much as a dozen rows); readers that need the
 * rows (a student's figures read afresh, a solution, shutdown) flush and do not wait.
 */
const ATTEMPTS_GATHER_MS = 10;

/**
 * Answer attempts are written behind the answer (see BatchWriter): a check answers without waiting for the
 * insert, which kept it under its latency budget. While the database cannot be reached they are kept and written
 * on its return, or the check is refused once too many wait. An attempt can be lost only if the process dies
 * before its batch is written: within the few milliseconds (ATTEMPTS_GATHER_MS and a write) it waits, or while
 * the database is away (shutdown tries them once more at once, and says how many it could not write). A row the database refuses takes
 * its student's counted figures with it, so they are read again.
 */
export function attemptWriter(
  db: Db,
  log: FastifyBaseLogger,
  memo: { instance: string; totals: Memo<StudentTotals, { student: string }> },
  firstTriesQueued: () => void,
): BatchWriter<NewAttempt> {
  const stamp = orderedStamps();
  // Kept with the row while it waits, so every write of it names the same id and time.
  const given = new WeakMap<NewAttempt, StampedAttempt>();
  const stamped = (row: NewAttempt) => {
    let found = given.get(row);
    if (!found) {
      found = { ...row, id: timeOrderedUuid(row.createdAt.getTime()), at: stamp(row.createdAt) };
      given.set(row, found);
    }
    return found;
  };
  return new BatchWriter<NewAttempt>(
    async (rows) => {
      await storeAttempts(db, memo.instance, rows.map(stamped));
      firstTriesQueued();
    },
    {
      gatherMs: ATTEMPTS_GATHER_MS,
      onError: (error, row) => {
        memo.totals.evict({ student: row.studentId });
        log.error(
          { err: error, studentId: row.studentId, questionId: row.questionId },
          'an answer attempt could not be stored',
        );
      },
      onReachability: (reachable, waiting) => {
        if (reachable) log.info(`the database answers again: storing the ${waiting} answer attempts kept meanwhile`);
        else log.warn(`the database cannot be reached: answer attempts are kept (${waiting} now) until it answers`);
      },
    },
  );
}

/**
 * What a question tried for the first time adds to a student's kept totals, at most: `"<id>":[tries,solvedOn,firstAt,solvedAt],`
 * is 38 bytes of id and quotes, a dozen of counters and two times of 13 digits. Counters that gain a digit are within the margin.
 */
const NEW_QUESTION_BYTES = 96;

/**
 * Stores a student's check behind the answer and counts it at once in their kept figures: the dashboard shows
 * it on the next read without asking the database. (A figure being loaded meanwhile is not kept, see Memo.)
 */
export async function recordAttempt(ctx: AppContext, attempt: NewAttempt): Promise<void> {
  ctx.memos.studentTotals.update(
    { student: attempt.studentId },
    (totals) => countCheck(totals, attempt),
    (totals) => (totals.questions[attempt.questionId] ? 0 : NEW_QUESTION_BYTES),
  );
  try {
    await ctx.attempts.add(attempt);
  } catch (error) {
    // Refused while the database is away: the figures counted it, and are read again once it is back.
    ctx.memos.studentTotals.evict({ student: attempt.studentId });
    throw error;
  }
}
