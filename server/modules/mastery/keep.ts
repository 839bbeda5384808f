/**
 * Keeping each student's skills (student_skills) from their answers: the mastery rule (common/rules/mastery.ts) and
 * the review schedule (./schedule.ts) folded over the answers, a fixed number of statements per batch of answers
 * however many students, questions and skills it touches. Answers reach it through skill_answer_queue (counted by
 * ./keeper.ts) or, for history, through rebuildStudentSkills.
 */
import { sql } from 'drizzle-orm';
import { nextSkillState, type SkillEvent, type SkillLevel, type SkillState } from '../../../common/rules/mastery';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { reviewSkill, type ReviewCard } from './schedule';

/**
 * The advisory lock counting answers into skills takes ("skil" in ASCII): one count at a time across instances, so
 * each student's answers are folded in the order they were given and none is counted twice.
 */
export const SKILL_COUNTING_LOCK = 0x736b696c;

/** An answer the skills count: a check in practice, or a question of a submitted test sitting. */
export interface SkillAnswer {
  studentId: string;
  questionId: string;
  right: boolean;
  kind: SkillEvent['kind'];
  /** When it was answered: the order the rule counts answers in. */
  at: Date;
}

const uuids = (values: string[]) => sql`${sql.param(values)}::uuid[]`;

/**
 * The skills each answer practices, by its position in `answers`: the skills whose focus area the question carries
 * and whose category it carries, when the skill names one.
 */
async function skillsOfAnswers(
  tx: Tx,
  answers: readonly SkillAnswer[],
): Promise<Array<{ position: number; skill_id: string }>> {
  return rows(
    tx,
    sql`select (ans.position - 1)::int as position, sk.id as skill_id
      from unnest(${uuids(answers.map((a) => a.questionId))}) with ordinality as ans(question_id, position)
      join question_focus qf on qf.question_id = ans.question_id
      join skills sk on sk.focus_area_id = qf.focus_id
        and (sk.category_id is null or exists (select 1 from question_categories qc
          where qc.question_id = ans.question_id and qc.category_id = sk.category_id))
      order by ans.position`,
  );
}

interface KeptSkill extends SkillState, ReviewCard {
  studentId: string;
  skillId: string;
}

interface StoredSkill {
  student_id: string;
  skill_id: string;
  level: number;
  recent_first_tries: number;
  recent_count: number;
  first_tries: number;
  first_tries_right: number;
  review_due_at: string | Date | null;
  stability: number;
  difficulty: number;
  reviews: number;
  lapses: number;
  card_state: number;
  last_review_at: string | Date | null;
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Counts answers into their students' skills, in the order given (oldest first), inside the caller's transaction
 * (the reads, the fold and the writes must see one state). The rows of every student and skill touched are made if missing and locked in one statement each,
 * in one order, so two instances counting answers of one student take turns instead of losing a count; the fold
 * runs here, then one statement writes the rows and one the level changes.
 */
export async function countSkillAnswers(tx: Tx, answers: readonly SkillAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const practiced = await skillsOfAnswers(tx, answers);
  if (practiced.length === 0) return;
  const keys = new Map<string, { studentId: string; skillId: string }>();
  for (const p of practiced) {
    const studentId = answers[p.position].studentId;
    keys.set(`${studentId} ${p.skill_id}`, { studentId, skillId: p.skill_id });
  }
  const touched = [...keys.values()].sort((a, b) =>
    a.studentId === b.studentId ? a.skillId.localeCompare(b.skillId) : a.studentId.localeCompare(b.studentId),
  );
  const studentIds = uuids(touched.map((k) => k.studentId));
  const skillIds = uuids(touched.map((k) => k.skillId));
  await tx.execute(sql`insert into student_skills (student_id, skill_id)
      select t.student_id, t.skill_id from unnest(${studentIds}, ${skillIds}) as t(student_id, skill_id)
      on conflict do nothing`);
  const stored = await rows<StoredSkill>(
    tx,
    sql`select ss.student_id, ss.skill_id, ss.level, ss.recent_first_tries, ss.recent_count, ss.first_tries,
          ss.first_tries_right, ss.review_due_at, ss.stability, ss.difficulty, ss.reviews, ss.lapses, ss.card_state,
          ss.last_review_at
        from student_skills ss
        join unnest(${studentIds}, ${skillIds}) as t(student_id, skill_id)
          on ss.student_id = t.student_id and ss.skill_id = t.skill_id
        order by ss.student_id, ss.skill_id
        for update of ss`,
  );
  const kept = new Map<string, KeptSkill>(
    stored.map((s) => [
      `${s.student_id} ${s.skill_id}`,
      {
        studentId: s.student_id,
        skillId: s.skill_id,
        level: s.level as SkillLevel,
        recentFirstTries: s.recent_first_tries,
        recentCount: s.recent_count,
        firstTries: s.first_tries,
        firstTriesRight: s.first_tries_right,
        reviewDueAt: dateOf(s.review_due_at),
        stability: s.stability,
        difficulty: s.difficulty,
        reviews: s.reviews,
        lapses: s.lapses,
        cardState: s.card_state,
        lastReviewAt: dateOf(s.last_review_at),
      },
    ]),
  );
  type Change = { studentId: string; skillId: string; from: number; to: number; at: Date };
  const found: Change[] = [];
  // A skill's changes at one instant (a sitting's answers share its time) are kept as one, from the first level to
  // the last: rows of one instant have no order to be read back in, and a reader would take any of them for the last.
  const lastChange = new Map<KeptSkill, Change>();
  for (const p of practiced) {
    const answer = answers[p.position];
    const skill = kept.get(`${answer.studentId} ${p.skill_id}`);
    if (!skill) continue;
    const at = new Date(answer.at);
    const next = nextSkillState(skill, { kind: answer.kind, right: answer.right });
    if (next.level !== skill.level) {
      const last = lastChange.get(skill);
      if (last && last.at.getTime() === at.getTime()) last.to = next.level;
      else {
        const change = { studentId: skill.studentId, skillId: skill.skillId, from: skill.level, to: next.level, at };
        found.push(change);
        lastChange.set(skill, change);
      }
    }
    Object.assign(skill, next, reviewSkill(skill, answer.right, at));
  }
  const changes = found.filter((c) => c.from !== c.to);
  const all = [...kept.values()];
  const column = <T>(pick: (s: KeptSkill) => T) => sql.param(all.map(pick));
  await tx.execute(sql`update student_skills ss set level = n.level, recent_first_tries = n.recent_first_tries,
        recent_count = n.recent_count, first_tries = n.first_tries, first_tries_right = n.first_tries_right,
        review_due_at = n.review_due_at, stability = n.stability, difficulty = n.difficulty, reviews = n.reviews,
        lapses = n.lapses, card_state = n.card_state, last_review_at = n.last_review_at, updated_at = now()
      from unnest(${uuids(all.map((s) => s.studentId))}, ${uuids(all.map((s) => s.skillId))},
        ${column((s) => s.level)}::smallint[], ${column((s) => s.recentFirstTries)}::int[],
        ${column((s) => s.recentCount)}::smallint[], ${column((s) => s.firstTries)}::int[],
        ${column((s) => s.firstTriesRight)}::int[], ${column((s) => s.reviewDueAt?.toISOString() ?? null)}::timestamptz[],
        ${column((s) => s.stability)}::float8[], ${column((s) => s.difficulty)}::float8[],
        ${column((s) => s.reviews)}::int[], ${column((s) => s.lapses)}::int[], ${column((s) => s.cardState)}::smallint[],
        ${column((s) => s.lastReviewAt?.toISOString() ?? null)}::timestamptz[])
        as n(student_id, skill_id, level, recent_first_tries, recent_count, first_tries, first_tries_right,
          review_due_at, stability, difficulty, reviews, lapses, card_state, last_review_at)
      where ss.student_id = n.student_id and ss.skill_id = n.skill_id`);
  if (changes.length > 0) {
    await tx.execute(sql`insert into student_skill_changes (student_id, skill_id, from_level, to_level, created_at)
        select c.student_id, c.skill_id, c.from_level, c.to_level, c.created_at
        from unnest(${uuids(changes.map((c) => c.studentId))}, ${uuids(changes.map((c) => c.skillId))},
          ${sql.param(changes.map((c) => c.from))}::smallint[], ${sql.param(changes.map((c) => c.to))}::smallint[],
          ${sql.param(changes.map((c) => c.at.toISOString()))}::timestamptz[])
          as c(student_id, skill_id, from_level, to_level, created_at)`);
  }
}

/** A sitting's questions with whether each earned its full marks (`ta`: the sittings, `tan`: their answers). */
const SITTING_ANSWERS = sql`from test_attempts ta
  join test_attempt_answers tan on tan.attempt_id = ta.id
  cross join lateral (select p.item from jsonb_array_elements(ta.paper) as p(item)
    where p.item ->> 'questionId' = tan.question_id::text limit 1) paper`;
const FULL_MARKS = sql`coalesce(tan.awarded >= (paper.item ->> 'marks')::float8 and (paper.item ->> 'marks')::float8 > 0, false)`;

/**
 * Queues a submitted sitting's answers for the skill keeper, as a mixed assessment: each question answered is right
 * when it earned its full marks. Questions left unanswered say nothing of a skill and are not counted. Runs inside
 * the submission's transaction, so the answers are queued exactly when the sitting is submitted.
 */
export async function queueSittingAnswers(tx: Tx, attemptId: string): Promise<void> {
  await tx.execute(sql`insert into skill_answer_queue (student_id, question_id, is_correct, mixed, answered_at)
    select ta.student_id, tan.question_id, ${FULL_MARKS}, true, ta.submitted_at
    ${SITTING_ANSWERS}
    where ta.id = ${attemptId} and ta.submitted_at is not null
    order by tan.question_id`);
}

/**
 * Whether any answer waits in the queue, in one statement outside the counting lock. Nothing queued is what a read
 * finds nearly always, and a counting pass (a transaction under the lock) would make the readers of every instance
 * take turns. An answer another instance is counting still shows until its pass commits, with its levels: when none
 * shows, every answer queued before is counted and its levels are readable.
 */
export async function answersWaiting(db: Db): Promise<boolean> {
  const [found] = await rows<{ waiting: boolean }>(
    db,
    sql`select exists (select 1 from skill_answer_queue saq) as waiting`,
  );
  return found.waiting;
}

/** Answers taken off the queue per transaction: a pass holds the counting lock (and PGlite) for a few milliseconds. */
const COUNTED_PER_PASS = 500;

/**
 * Counts the oldest queued answers into their students' skills, in one transaction under the counting lock: the
 * answers taken off the queue and counted commit together, or stay queued. Resolves to whether more may wait (the
 * pass was full).
 */
export async function countQueuedAnswers(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SKILL_COUNTING_LOCK})`);
    const taken = await rows<{
      id: string;
      student_id: string;
      question_id: string;
      is_correct: boolean;
      mixed: boolean;
      answered_at: string;
    }>(
      tx,
      sql`delete from skill_answer_queue saq
        where saq.id in (select w.id from skill_answer_queue w order by w.id limit ${COUNTED_PER_PASS})
        returning saq.id, saq.student_id, saq.question_id, saq.is_correct, saq.mixed, saq.answered_at`,
    );
    const answers = taken
      .map((t) => ({
        studentId: t.student_id,
        questionId: t.question_id,
        right: t.is_correct,
        kind: t.mixed ? ('mixed' as const) : ('practice' as const),
        at: new Date(t.answered_at),
        queuedAs: Number(t.id),
      }))
      // In the order they were answered (the queue's order breaks ties within a millisecond); a sitting's questions
      // after the checks of its moment.
      .sort(
        (a, b) =>
          a.at.getTime() - b.at.getTime() ||
          Number(a.kind === 'mixed') - Number(b.kind === 'mixed') ||
          a.queuedAs - b.queuedAs,
      );
    await countSkillAnswers(tx, answers);
    return taken.length === COUNTED_PER_PASS;
  });
}

/** Students rebuilt per transaction: their answers travel as arrays, a few thousand rows each. */
const REBUILD_STUDENTS = 100;

/**
 * Replays students' stored answers through the rule in time order, from nothing: their first tries in practice and
 * the questions of their submitted sittings (at the time of submission). For answers stored before skills existed,
 * and after skills change; the result is the state keeping would have reached.
 */
export async function rebuildStudentSkills(db: Db, studentIds: readonly string[]): Promise<void> {
  for (let from = 0; from < studentIds.length; from += REBUILD_STUDENTS) {
    const chunk = studentIds.slice(from, from + REBUILD_STUDENTS);
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SKILL_COUNTING_LOCK})`);
      // The replay counts every stored answer, so what still waits in the queue would count twice.
      await tx.execute(sql`delete from skill_answer_queue saq where saq.student_id = any(${uuids(chunk)})`);
      await tx.execute(sql`delete from student_skill_changes ssc where ssc.student_id = any(${uuids(chunk)})`);
      await tx.execute(sql`delete from student_skills ss where ss.student_id = any(${uuids(chunk)})`);
      const answers = await rows<{
        student_id: string;
        question_id: string;
        right: boolean;
        mixed: boolean;
        answered_at: string;
      }>(
        tx,
        sql`select first.student_id, first.question_id, first.is_correct as right, false as mixed, first.created_at as answered_at
          from (select distinct on (aa.student_id, aa.question_id) aa.student_id, aa.question_id, aa.is_correct, aa.created_at
            from answer_attempts aa where aa.student_id = any(${uuids(chunk)})
            order by aa.student_id, aa.question_id, aa.created_at) first
          union all
          select ta.student_id, tan.question_id, ${FULL_MARKS}, true, ta.submitted_at
          ${SITTING_ANSWERS}
          where ta.student_id = any(${uuids(chunk)}) and ta.submitted_at is not null
          order by answered_at, mixed, question_id`,
      );
      await countSkillAnswers(
        tx,
        answers.map((a) => ({
          studentId: a.student_id,
          questionId: a.question_id,
          right: a.right,
          kind: a.mixed ? ('mixed' as const) : ('practice' as const),
          at: new Date(a.answered_at),
        })),
      );
    });
  }
}
