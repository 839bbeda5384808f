/**
 * A student's practice sessions: the questions ./choose.ts picks from their skills, kept in `practice_sessions` (the
 * same items until the student finishes the session) and given in `practice_questions`, which is what lets the
 * student check them and read their solutions like exercises.
 */
import { sql } from 'drizzle-orm';
import { inArray } from 'drizzle-orm';
import { skillName } from '../../../common/rules/skills';
import { gradeNumber, PRACTICE_MESSAGES as M, type PracticeReason } from '../../../common/rules/practice';
import { studentQuestion } from '../../../common/schemas/learning';
import type { PracticeSession, PracticeSessionReply } from '../../../common/schemas/practice';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { questions } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { answersCounted } from '../mastery/keeper';
import { presentQuestions } from '../student/questions';
import { studentSeeds } from '../variants/variants';
import { choosePractice, type ChosenItem } from './choose';

/** The advisory lock class of making a student's session ("prac" in ASCII); the second key is the student's. */
const PRACTICE_LOCK = 0x70726163;

/** A student's grade from their profile: a number, or null when they have none (see gradeNumber). */
export async function gradeOfStudent(db: Db | Tx, studentId: string): Promise<number | null> {
  const [found] = await rows<{ grade_level: string | null }>(
    db,
    sql`select gs_p.grade_level from profiles gs_p where gs_p.user_id = ${studentId}`,
  );
  return gradeNumber(found?.grade_level);
}

/**
 * Gives chosen questions to a student in practice (the one rule the check and the solution read), each once:
 * a question given before keeps its first row.
 */
export async function giveToPractice(
  tx: Tx,
  studentId: string,
  items: readonly ChosenItem[],
  attemptId: string | null,
): Promise<void> {
  if (items.length === 0) return;
  // A question with random numbers comes back in practice with numbers not seen before: the next read draws anew.
  await tx.execute(sql`delete from student_variants fv
    where fv.student_id = ${studentId} and fv.question_id = any(${sql.param(items.map((i) => i.questionId))}::uuid[])`);
  await tx.execute(sql`insert into practice_questions (student_id, question_id, attempt_id, position)
    select ${studentId}, gv.question_id, ${attemptId}, gv.position::int
    from unnest(${sql.param(items.map((i) => i.questionId))}::uuid[]) with ordinality as gv(question_id, position)
    on conflict do nothing`);
}

interface SessionRow {
  id: string;
  created_at: string | Date;
  items: ChosenItem[];
}

/**
 * The questions of kept items as the student sees them, in the items' order, each with random numbers as the
 * student's own variant (two statements: questions, files; one more for variants not yet given).
 */
export async function presentItems(ctx: AppContext, studentId: string, items: readonly ChosenItem[]) {
  const ids = items.map((i) => i.questionId);
  const found = ids.length ? await ctx.db.select().from(questions).where(inArray(questions.id, ids)) : [];
  const seeds = await studentSeeds(ctx, studentId, found);
  const byId = new Map((await presentQuestions(ctx, found, seeds)).map((q) => [q.id, studentQuestion.parse(q)]));
  return items.flatMap((item) => {
    const question = byId.get(item.questionId);
    return question ? [{ item, question }] : [];
  });
}

async function presentSession(ctx: AppContext, studentId: string, session: SessionRow): Promise<PracticeSession> {
  const items = session.items;
  const facts = await rows<{ question_id: string; answered: boolean; skill: string | null; category: string | null }>(
    ctx.db,
    sql`select ps_i.question_id, ps_fa.name as skill, ps_c.name as category,
        exists (select 1 from answer_attempts ps_aa where ps_aa.student_id = ${studentId}
          and ps_aa.question_id = ps_i.question_id and ps_aa.created_at >= ${new Date(session.created_at).toISOString()}::timestamptz) as answered
      from unnest(${sql.param(items.map((i) => i.questionId))}::uuid[], ${sql.param(items.map((i) => i.skillId))}::uuid[])
        as ps_i(question_id, skill_id)
      left join skills ps_sk on ps_sk.id = ps_i.skill_id
      left join focus_areas ps_fa on ps_fa.id = ps_sk.focus_area_id
      left join categories ps_c on ps_c.id = ps_sk.category_id`,
  );
  const factOf = new Map(facts.map((f) => [f.question_id, f]));
  const shown = (await presentItems(ctx, studentId, items)).map(({ item, question }) => {
    const fact = factOf.get(item.questionId);
    return {
      question,
      reason: item.reason as PracticeReason,
      skill: fact?.skill ? skillName(fact.skill, fact.category) : null,
      answered: fact?.answered ?? false,
    };
  });
  return {
    id: session.id,
    createdAt: new Date(session.created_at).toISOString(),
    items: shown,
    answered: shown.filter((s) => s.answered).length,
  };
}

const openSessionOf = async (db: Db | Tx, studentId: string) =>
  (
    await rows<SessionRow>(
      db,
      sql`select os.id, os.created_at, os.items from practice_sessions os
        where os.student_id = ${studentId} and os.attempt_id is null and os.finished_at is null`,
    )
  )[0] ?? null;

/** `GET /api/student/practice`: the student's open session, as it was made (kept across reloads), or null. */
export async function openSession(ctx: AppContext, studentId: string): Promise<PracticeSessionReply> {
  await ctx.attempts.flush();
  const open = await openSessionOf(ctx.db, studentId);
  return { session: open ? await presentSession(ctx, studentId, open) : null, message: null };
}

/**
 * `POST /api/student/practice`: the open session, or a new one chosen now from the student's skills. Made under a
 * lock per student, so two clicks (or two devices) make one session; nothing to practice is a reply with the
 * reason, not an error.
 */
export async function startSession(ctx: AppContext, studentId: string): Promise<PracticeSessionReply> {
  await answersCounted(ctx);
  const made = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PRACTICE_LOCK}, hashtext(${studentId}))`);
    const open = await openSessionOf(tx, studentId);
    if (open) return { session: open, message: null };
    const grade = await gradeOfStudent(tx, studentId);
    if (grade === null) return { session: null, message: M.noGrade };
    const choice = await choosePractice(tx, studentId, grade, { kind: 'skills', now: ctx.now() });
    if (choice.items.length === 0)
      return { session: null, message: choice.targets === 0 ? M.nothingToPractice : M.noQuestions };
    const [session] = await rows<SessionRow>(
      tx,
      sql`insert into practice_sessions (student_id, items, created_at)
        values (${studentId}, ${JSON.stringify(choice.items)}::jsonb, ${ctx.now().toISOString()}::timestamptz)
        returning id, created_at, items`,
    );
    await giveToPractice(tx, studentId, choice.items, null);
    return { session, message: null };
  });
  return {
    session: made.session ? await presentSession(ctx, studentId, made.session) : null,
    message: made.message,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `POST /api/student/practice/{id}/finish`: closes the student's session, so the next start chooses anew. Finishing
 * a finished session again is fine; another student's, or none, is "Practice session not found".
 */
export async function finishSession(ctx: AppContext, studentId: string, sessionId: string): Promise<void> {
  if (!UUID.test(sessionId)) throw NotFound(M.sessionNotFound);
  const [found] = await rows<{ id: string }>(
    ctx.db,
    sql`update practice_sessions fs set finished_at = coalesce(fs.finished_at, ${ctx.now().toISOString()}::timestamptz)
      where fs.id = ${sessionId} and fs.student_id = ${studentId} and fs.attempt_id is null
      returning fs.id`,
  );
  if (!found) throw NotFound(M.sessionNotFound);
}
