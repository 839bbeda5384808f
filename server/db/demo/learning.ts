import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
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
