/**
 * An exam-scored sitting, for the test-taking module: the rule and accommodations a sitting copies when it starts,
 * its sections as the student sees them, the outcome of each question, and the score report once released.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  EXAM_MESSAGES,
  ESTIMATE_NOTE,
  fitsBubbles,
  questionsNeeded,
  accommodationsText,
  estimateText,
  examScore,
  outcomeOf,
  planFor,
  pointsFor,
  scaledRowFor,
  sectionNow,
  sectionOf,
  type Accommodations,
  type ExamOutcome,
  type ScaledRow,
  type SectionNow,
  type SittingExam,
} from '../../../common/rules/exams';
import { skillName } from '../../../common/rules/skills';
import type { ReleaseMode } from '../../../common/rules/test-taking';
import type { ExamReport, SittingExamView } from '../../../common/schemas/exams';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/prepared';
import { questions } from '../../db/schema';
import { accommodationsOf } from './accommodations';
import { requireProfile, rulesOf } from './profiles';

export { accommodationsOf } from './accommodations';

/**
 * Whether a test of these questions (in order) can be scored by a profile: the problem when it cannot (not as many
 * questions as its sections hold, or, for a sheet of bubbles, questions that are not one-answer multiple choice), and
 * the minutes its sections take, which are the test's time limit (null without sections).
 */
export async function examFit(
  tx: Tx,
  profileId: string,
  questionIds: string[],
): Promise<{ problem: string | null; minutes: number | null }> {
  const profile = await requireProfile(tx, profileId);
  const rules = rulesOf(profile);
  const needed = questionsNeeded(rules);
  const minutes = needed === null ? null : rules.sections.reduce((sum, s) => sum + s.minutes, 0);
  if (needed !== null && needed !== questionIds.length)
    return { problem: EXAM_MESSAGES.questionCount(profile.name, needed, questionIds.length), minutes };
  if (rules.answerSheet !== 'bubbles' || questionIds.length === 0) return { problem: null, minutes };
  const found = await tx
    .select({ id: questions.id, type: questions.type, answer: questions.answer, options: questions.options })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  const fits = new Map(found.map((q) => [q.id, fitsBubbles(q)]));
  const misfits = questionIds.flatMap((id, i) => (fits.get(id) === false ? [i + 1] : []));
  return { problem: misfits.length ? EXAM_MESSAGES.bubblesNeedChoices(misfits) : null, minutes };
}

/** What a sitting starting now copies: the test's exam rule (if it has one) timed for the student, and their accommodations. */
export async function examForSitting(
  tx: Tx,
  examProfileId: string | null,
  studentId: string,
): Promise<{ exam: SittingExam | null; accommodations: Accommodations }> {
  const accommodations = await accommodationsOf(tx, studentId);
  if (!examProfileId) return { exam: null, accommodations };
  const profile = await requireProfile(tx, examProfileId);
  const rules = rulesOf(profile);
  return {
    exam: {
      profileId: profile.id,
      name: profile.name,
      rulesAsOf: profile.rulesAsOf,
      rules,
      plan: planFor(rules, accommodations),
    },
    accommodations,
  };
}

interface SittingState {
  exam: SittingExam | null;
  sectionIndex: number | null;
  sectionStartedAt: Date | null;
  submittedAt: Date | null;
}

/** The section clock of a sitting with sections at `now`; null for one without. */
export function clockOf(attempt: SittingState, now: Date): SectionNow | null {
  const plan = attempt.exam?.plan;
  if (!plan || attempt.sectionIndex === null || !attempt.sectionStartedAt) return null;
  return sectionNow(
    plan,
    { index: attempt.sectionIndex, startedAt: attempt.sectionStartedAt.getTime() },
    now.getTime(),
  );
}

/**
 * Why an answer to question `index` of the paper may not be saved now (a closed section, one to come, a break), or
 * null when it may.
 */
export function sectionRefusal(
  attempt: SittingState,
  index: number,
  now: Date,
): 'closed' | 'upcoming' | 'break' | null {
  const at = clockOf(attempt, now);
  if (!at || !attempt.exam) return null;
  if (at.phase === 'break') return 'break';
  const section = sectionOf(attempt.exam.rules, index);
  if (section < at.index) return 'closed';
  if (section > at.index) return 'upcoming';
  return null;
}

/**
 * The sitting's exam as its student sees it, and which paper positions they may see: while sections run, only the
 * current one's (none during a break); all once submitted.
 */
export function examView(
  attempt: SittingState,
  now: Date,
): { view: SittingExamView | null; shows(index: number): boolean } {
  const exam = attempt.exam;
  if (!exam) return { view: null, shows: () => true };
  const at = attempt.submittedAt ? null : clockOf(attempt, now);
  let first = 1;
  const sections = exam.rules.sections.map((s, i) => {
    const state: 'closed' | 'current' | 'upcoming' =
      attempt.submittedAt || !at || i < at.index ? 'closed' : i === at.index ? 'current' : 'upcoming';
    const entry = {
      name: s.name,
      first,
      last: first + s.questions - 1,
      minutes: Math.round((exam.plan?.sectionMs[i] ?? s.minutes * 60_000) / 6_000) / 10,
      state,
    };
    first += s.questions;
    return entry;
  });
  const view: SittingExamView = {
    name: exam.name,
    answerSheet: exam.rules.answerSheet,
    right: exam.rules.right,
    wrong: exam.rules.wrong,
    blank: exam.rules.blank,
    sections,
    phase: at ? at.phase : null,
    until: at && at.phase !== 'done' ? new Date(at.phase === 'break' ? at.startsAt : at.endsAt).toISOString() : null,
  };
  const shows = (index: number) =>
    attempt.submittedAt !== null || !at || (at.phase === 'section' && sectionOf(exam.rules, index) === at.index);
  return { view, shows };
}

/** Each paper question's outcome from its saved answer and the points it was awarded (a right one earned its right points). */
export function outcomesOf(
  exam: SittingExam,
  paper: ReadonlyArray<{ questionId: string | null }>,
  saved: ReadonlyMap<string, { answer: string; awarded: number | null }>,
): ExamOutcome[] {
  return paper.map((p, i) => {
    const answer = p.questionId ? saved.get(p.questionId) : undefined;
    if (!answer) return 'blank';
    const outcome = outcomeOf(answer.answer, 0);
    if (outcome === 'blank') return 'blank';
    return answer.awarded !== null && answer.awarded === pointsFor(exam.rules, i, 'right') ? 'right' : 'wrong';
  });
}

/** The accommodations a sitting copied, in words. */
export const accommodationsWords = (a: Accommodations | null) => (a ? accommodationsText(a) : '');

/** The score report of a released exam-scored sitting. */
export async function examReport(
  db: Db,
  sitting: {
    id: string;
    studentId: string;
    startedAt: Date;
    exam: SittingExam;
    paper: ReadonlyArray<{ questionId: string | null }>;
    accommodations: Accommodations | null;
  },
  saved: ReadonlyMap<string, { answer: string; awarded: number | null; firstSavedAt: Date | null }>,
  tags: ReadonlyMap<string, { focus: string | null; category: string | null }>,
  released: (assignment: { release: ReleaseMode; releasedAt: Date | null }) => boolean,
): Promise<ExamReport> {
  const { exam } = sitting;
  const outcomes = outcomesOf(exam, sitting.paper, saved);
  const score = examScore(exam.rules, outcomes);
  const [tables, earlier] = await Promise.all([
    rows<{ grade: number | null; source: string; rows: ScaledRow[] }>(
      db,
      sql`select er_t.grade, er_t.source, er_t.rows from exam_score_tables er_t
        where er_t.profile_id = ${exam.profileId}
          and (er_t.grade is null or er_t.grade = (
            select case when er_p.grade_level ~ '^[0-9]{1,2}$' then er_p.grade_level::int end
            from profiles er_p where er_p.user_id = ${sitting.studentId}))
        order by er_t.grade nulls last`,
    ),
    rows<{
      attempt_id: string;
      name: string;
      submitted_at: string;
      score: number | null;
      max_marks: number;
      release: ReleaseMode;
      released_at: string | null;
    }>(
      db,
      sql`select er_ta.id as attempt_id, er_te.title as name, er_ta.submitted_at, er_ta.score, er_ta.max_marks,
          er_tas.release, er_tas.released_at
        from test_attempts er_ta
        join test_assignments er_tas on er_tas.id = er_ta.assignment_id
        join tests er_te on er_te.id = er_tas.test_id
        where er_ta.student_id = ${sitting.studentId} and er_ta.submitted_at is not null
          and er_ta.exam->>'profileId' = ${exam.profileId}
        order by er_ta.submitted_at`,
    ),
  ]);
  // The student's grade's table first; a table for any grade otherwise.
  const table = tables[0] ?? null;
  const row = table ? scaledRowFor(table.rows, score.raw) : null;

  const skills = new Map<string, { right: number; of: number; missed: number[] }>();
  sitting.paper.forEach((p, i) => {
    const tag = p.questionId ? tags.get(p.questionId) : undefined;
    if (!tag?.focus) return;
    const name = skillName(tag.focus, tag.category);
    const skill = skills.get(name) ?? { right: 0, of: 0, missed: [] };
    skill.of += 1;
    if (outcomes[i] === 'right') skill.right += 1;
    else skill.missed.push(i + 1);
    skills.set(name, skill);
  });

  const totalMinutes = exam.rules.sections.reduce((sum, s) => sum + s.minutes, 0);
  const questionCount = exam.rules.sections.reduce((sum, s) => sum + s.questions, 0);
  return {
    profile: exam.name,
    rulesAsOf: exam.rulesAsOf,
    raw: score.raw,
    max: score.max,
    right: outcomes.filter((o) => o === 'right').length,
    wrong: outcomes.filter((o) => o === 'wrong').length,
    blank: outcomes.filter((o) => o === 'blank').length,
    sections: score.sections,
    estimate: row
      ? { text: estimateText(row), percentile: row.percentile, note: ESTIMATE_NOTE, source: table!.source }
      : null,
    skills: [...skills]
      .map(([name, s]) => ({ name, ...s }))
      .sort((a, b) => a.right / a.of - b.right / b.of || a.name.localeCompare(b.name)),
    pace: {
      secondsPerQuestion: questionCount ? Math.round((totalMinutes * 60) / questionCount) : null,
      questions: paceOf(exam, sitting, saved, outcomes),
    },
    earlier: earlier
      .filter((e) => released({ release: e.release, releasedAt: e.released_at ? new Date(e.released_at) : null }))
      .map((e) => ({
        attemptId: e.attempt_id,
        name: e.name,
        submittedAt: new Date(e.submitted_at).toISOString(),
        raw: Number(e.score ?? 0),
        max: e.max_marks,
      })),
    accommodations: accommodationsWords(sitting.accommodations),
  };
}

/**
 * About how long each question took: the time from the answer before it (in the order answered, within its
 * section) to its first answer; the first of the sitting counts from the start, the first of a later section is
 * unknown, as is a question never answered.
 */
function paceOf(
  exam: SittingExam,
  sitting: { startedAt: Date; paper: ReadonlyArray<{ questionId: string | null }> },
  saved: ReadonlyMap<string, { firstSavedAt: Date | null }>,
  outcomes: ExamOutcome[],
) {
  const answered = sitting.paper
    .map((p, i) => ({ i, at: (p.questionId && saved.get(p.questionId)?.firstSavedAt?.getTime()) || null }))
    .filter((a): a is { i: number; at: number } => a.at !== null)
    .sort((a, b) => a.at - b.at);
  const seconds = new Map<number, number>();
  answered.forEach((a, k) => {
    const section = sectionOf(exam.rules, a.i);
    const before = answered[k - 1];
    if (before && sectionOf(exam.rules, before.i) === section) seconds.set(a.i, Math.round((a.at - before.at) / 1000));
    else if (section === 0) seconds.set(a.i, Math.round((a.at - sitting.startedAt.getTime()) / 1000));
  });
  return sitting.paper.map((_, i) => ({ number: i + 1, outcome: outcomes[i], seconds: seconds.get(i) ?? null }));
}
