import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { courses, questions, sectionQuestions, sections, studentCourses, studentSections, studentUnits, units, users } from '../schema';

const DEMO_STUDENT = 'student@demo.academy';
const QUESTIONS_PER_SECTION = 3;

/**
 * Learning demo: the demo student studies two courses, with the last unit of each and the last section of
 * each first unit left unassigned so the access rules show; accessible demo sections get questions.
 * Works from whatever courses and questions exist; creates one small course of its own only when there are none.
 * Idempotent: a student who already has courses is left alone, a section that has questions keeps them.
 */
export async function seedDemoLearning(db: Db): Promise<void> {
  const [student] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_STUDENT));
  if (!student) return;
  const [{ n: courseCount }] = await db.select({ n: count() }).from(courses);
  if (courseCount === 0) await createStarterCourse(db);

  const [{ n: assigned }] = await db.select({ n: count() }).from(studentCourses).where(eq(studentCourses.studentId, student.id));
  if (assigned > 0) return;
  const chosen = await db.select({ id: courses.id }).from(courses).orderBy(asc(courses.createdAt), asc(courses.code)).limit(2);
  for (const course of chosen) await assignPartly(db, student.id, course.id);
}

async function assignPartly(db: Db, studentId: string, courseId: string) {
  await db.insert(studentCourses).values({ studentId, courseId }).onConflictDoNothing();
  const courseUnits = await db.select({ id: units.id, grade: units.grade }).from(units).where(eq(units.courseId, courseId)).orderBy(asc(units.unitNumber));
  const open = courseUnits.length > 1 ? courseUnits.slice(0, -1) : courseUnits;
  for (const [i, unit] of open.entries()) {
    await db.insert(studentUnits).values({ studentId, unitId: unit.id }).onConflictDoNothing();
    const unitSections = await db.select({ id: sections.id, grade: sections.grade }).from(sections).where(eq(sections.unitId, unit.id)).orderBy(asc(sections.sectionNumber));
    // In the first unit, pick all sections but the last: the last one stays locked.
    const picked = i === 0 && unitSections.length > 1 ? unitSections.slice(0, -1) : unitSections;
    if (picked !== unitSections) {
      await db.insert(studentSections).values(picked.map((s) => ({ studentId, sectionId: s.id }))).onConflictDoNothing();
    }
    for (const section of picked) await giveQuestions(db, section.id, Number(section.grade || unit.grade) || null);
  }
}

/** A few questions for a section that has none, of its grade when there are such questions. */
async function giveQuestions(db: Db, sectionId: string, grade: number | null) {
  const [{ n }] = await db.select({ n: count() }).from(sectionQuestions).where(eq(sectionQuestions.sectionId, sectionId));
  if (n > 0) return;
  const pick = await db
    .select({ id: questions.id })
    .from(questions)
    .orderBy(sql`(${questions.grade} = ${grade ?? -1}) desc`, sql`md5(${questions.id}::text || ${sectionId})`)
    .limit(QUESTIONS_PER_SECTION);
  if (pick.length > 0) await db.insert(sectionQuestions).values(pick.map((q, i) => ({ sectionId, questionId: q.id, position: i + 1 }))).onConflictDoNothing();
}

/** One small course with math in its lessons and two questions, for an academy that has no courses yet. */
async function createStarterCourse(db: Db) {
  const [course] = await db
    .insert(courses)
    .values({ title: 'Fractions Essentials', code: 'MA-FR6', description: 'Add, compare and simplify fractions, with practice after every lesson.' })
    .returning({ id: courses.id });
  const [unit] = await db.insert(units).values({ courseId: course.id, title: 'Working with Fractions', unitNumber: 1, grade: '6', categories: ['Fractions'] }).returning({ id: units.id });
  const [adding, multiplying] = await db
    .insert(sections)
    .values([
      {
        unitId: unit.id,
        title: 'Adding Fractions',
        sectionNumber: 1,
        grade: '6',
        content:
          '<p>To add fractions, rewrite them with a common denominator, then add the numerators:</p>' +
          '<p>$\\frac{1}{2} + \\frac{1}{4} = \\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$</p>' +
          '<p>Always simplify at the end: $\\frac{2}{4} = \\frac{1}{2}$.</p>',
      },
      {
        unitId: unit.id,
        title: 'Multiplying Fractions',
        sectionNumber: 2,
        grade: '6',
        content: '<p>Multiply the numerators and the denominators: $\\frac{a}{b} \\cdot \\frac{c}{d} = \\frac{ac}{bd}$.</p>',
      },
    ])
    .returning({ id: sections.id });
  const made = await db
    .insert(questions)
    .values([
      {
        questionText: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
        grade: 6,
        type: 'Multiple Choice',
        options: { A: '$\\frac{3}{4}$', B: '$\\frac{2}{6}$', C: '$1$', D: '$\\frac{1}{8}$' },
        answer: { a1: ['A'] },
        solution: 'With denominator 4: $\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$.',
        hint: 'Find a common denominator.',
        source: 'Demo',
      },
      {
        questionText: 'Simplify: $\\frac{2}{4} =$ ___1___ and $\\frac{1}{3} + \\frac{1}{3} =$ ___2___',
        grade: 6,
        type: 'Fill in the Blank',
        options: {},
        answer: { a1: ['1/2'], a2: ['2/3'] },
        solution: '$\\frac{2}{4} = \\frac{1}{2}$ and $\\frac{1}{3} + \\frac{1}{3} = \\frac{2}{3}$.',
        hint: 'Divide top and bottom by the same number.',
        source: 'Demo',
      },
      {
        questionText: 'What is $\\frac{2}{3} \\cdot \\frac{3}{4}$?',
        grade: 6,
        type: 'Short Answer',
        options: {},
        answer: { a1: ['1/2'] },
        solution: '$\\frac{6}{12} = \\frac{1}{2}$.',
        hint: 'Multiply straight across.',
        source: 'Demo',
      },
    ])
    .returning({ id: questions.id });
  await db.insert(sectionQuestions).values([
    { sectionId: adding.id, questionId: made[0].id, position: 1 },
    { sectionId: adding.id, questionId: made[1].id, position: 2 },
    { sectionId: multiplying.id, questionId: made[2].id, position: 1 },
  ]);
}
