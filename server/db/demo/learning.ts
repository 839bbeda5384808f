import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { checkAnswer } from '../../../common/answers';
import type { QuestionType } from '../../../common/rules/questions';
import { encodeChoices } from '../../../common/answers/wire';
import { rows } from '../prepared';
import {
  answerAttempts,
  courses,
  questions,
  sectionQuestions,
  sections,
  studentCourses,
  studentSections,
  studentUnits,
  units,
  users,
} from '../schema';
import type { UploadStore } from '../../lib/storage';
import { SECTION_EXERCISES } from './exercises';
import { ensureTags, insertDemoQuestion } from './questions';

const DEMO_STUDENT = 'student@demo.academy';
const QUESTIONS_PER_SECTION = 3;

/**
 * Learning demo: the demo student studies two courses, with the last unit of each and the last section of
 * each first unit left unassigned so the access rules show (every other section of the assigned units is assigned,
 * as "Assign unit with all sections" does); accessible demo sections get questions: a section of the demo catalogue
 * its own lesson's exercises (server/db/demo/exercises.ts), any other section questions of its grade from the bank.
 * Works from whatever courses and questions exist (the demo catalogue and question bank are seeded before it).
 * Idempotent: a student who already has courses is left alone, a section that has questions keeps them.
 */
export async function seedDemoLearning(db: Db, store: UploadStore): Promise<void> {
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT));
  if (!student) return;
  const [{ n: assigned }] = await db
    .select({ n: count() })
    .from(studentCourses)
    .where(eq(studentCourses.studentId, student.id));
  if (assigned > 0) return;
  const chosen = await db
    .select({ id: courses.id })
    .from(courses)
    .orderBy(asc(courses.createdAt), asc(courses.code))
    .limit(2);
  for (const course of chosen) await assignPartly(db, student.id, course.id, store);
  await seedEarlierPractice(db, student.id);
}

/** How long ago the demo student's earlier practice was. */
export const EARLIER_PRACTICE_DAYS = 28;

/**
 * The demo student's practice of four weeks ago: the first multiple-choice exercise of each open section, answered
 * right at the first try a few minutes apart. Weeks later the skills those answers reviewed have fallen due (a
 * review days after a first right answer), so on whatever day the demo starts its student has skills due for
 * review beside those the recent demo test touched, and Practice opens with them. Later exercises of each section
 * stay untried.
 */
async function seedEarlierPractice(db: Db, studentId: string): Promise<void> {
  const firsts = await rows<{
    question_id: string;
    section_id: string;
    type: QuestionType;
    answer: unknown;
    options: unknown;
  }>(
    db,
    sql`select ep_f.question_id, ep_f.section_id, ep_f.type, ep_f.answer, ep_f.options from (
        select distinct on (ep_s.id) ep_q.id as question_id, ep_s.id as section_id, ep_q.type, ep_q.answer,
          ep_q.options, ep_c.created_at as course_at, ep_u.unit_number, ep_s.section_number
        from student_sections ep_ss
        join sections ep_s on ep_s.id = ep_ss.section_id
        join units ep_u on ep_u.id = ep_s.unit_id
        join courses ep_c on ep_c.id = ep_u.course_id
        join section_questions ep_sq on ep_sq.section_id = ep_s.id
        join questions ep_q on ep_q.id = ep_sq.question_id and ep_q.type = 'Multiple Choice'
        where ep_ss.student_id = ${studentId}
        order by ep_s.id, ep_sq.position) ep_f
      order by ep_f.course_at, ep_f.unit_number, ep_f.section_number`,
  );
  const start = Date.now() - EARLIER_PRACTICE_DAYS * 24 * 3600_000;
  const checks = firsts.flatMap((q, i) => {
    const studentAnswer = encodeChoices((q.answer as { a1?: string[] } | null)?.a1 ?? []);
    // Only an answer the checker itself marks right, as the exercise would have.
    if (!checkAnswer(q, studentAnswer).isCorrect) return [];
    return [
      {
        studentId,
        questionId: q.question_id,
        sectionId: q.section_id,
        answer: { studentAnswer },
        isCorrect: true,
        createdAt: new Date(start + i * 3 * 60_000),
      },
    ];
  });
  if (checks.length > 0) await db.insert(answerAttempts).values(checks);
}

async function assignPartly(db: Db, studentId: string, courseId: string, store: UploadStore) {
  await db.insert(studentCourses).values({ studentId, courseId }).onConflictDoNothing();
  const courseUnits = await db
    .select({ id: units.id, grade: units.grade })
    .from(units)
    .where(eq(units.courseId, courseId))
    .orderBy(asc(units.unitNumber));
  const open = courseUnits.length > 1 ? courseUnits.slice(0, -1) : courseUnits;
  for (const [i, unit] of open.entries()) {
    await db.insert(studentUnits).values({ studentId, unitId: unit.id }).onConflictDoNothing();
    const unitSections = await db
      .select({ id: sections.id, title: sections.title, grade: sections.grade })
      .from(sections)
      .where(eq(sections.unitId, unit.id))
      .orderBy(asc(sections.sectionNumber));
    // In the first unit, assign all sections but the last: the last one stays locked.
    const picked = i === 0 && unitSections.length > 1 ? unitSections.slice(0, -1) : unitSections;
    if (picked.length > 0)
      await db
        .insert(studentSections)
        .values(picked.map((s) => ({ studentId, sectionId: s.id })))
        .onConflictDoNothing();
    for (const section of picked) await giveQuestions(db, section, Number(section.grade || unit.grade) || null, store);
  }
}

/** Questions for a section that has none: its lesson's exercises, else a few of its grade from the bank. */
async function giveQuestions(db: Db, section: { id: string; title: string }, grade: number | null, store: UploadStore) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sectionQuestions)
    .where(eq(sectionQuestions.sectionId, section.id));
  if (n > 0) return;
  const exercises = SECTION_EXERCISES[section.title];
  let ids: string[];
  if (exercises) {
    const tags = await ensureTags(db);
    ids = [];
    for (const exercise of exercises) ids.push(await insertDemoQuestion(db, exercise, tags, store));
  } else {
    const pick = await db
      .select({ id: questions.id })
      .from(questions)
      .orderBy(sql`(${questions.grade} = ${grade ?? -1}) desc`, sql`md5(${questions.id}::text || ${section.id})`)
      .limit(QUESTIONS_PER_SECTION);
    ids = pick.map((q) => q.id);
  }
  if (ids.length > 0)
    await db
      .insert(sectionQuestions)
      .values(ids.map((questionId, i) => ({ sectionId: section.id, questionId, position: i + 1 })))
      .onConflictDoNothing();
}
