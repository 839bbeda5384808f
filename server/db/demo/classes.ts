import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  answerAttempts,
  classCourses,
  classes,
  classStudents,
  classTeachers,
  classTests,
  courses,
  sectionDueDates,
  sectionQuestions,
  sections,
  testAssignments,
  testAttempts,
  testQuestions,
  tests,
  units,
} from '../schema';
import { createUser, DEMO_PASSWORD, type Credentials } from './accounts';
import { DEMO_TEST_CODE } from './tests';

export const DEMO_CLASS_NAME = 'Demo Class 6B';
const CLASS_TEACHER = 'class.teacher@demo.academy';

const DAY = 24 * 3600 * 1000;

/**
 * A class with a gradebook to read, apart from the other demo accounts (whose figures other walkthroughs change): its
 * own teacher and three students in a demo course, the first section with exercises due two days ago (Ava finished it
 * in time, Ben late, Cara not: missing), and the demo test given to the class with a window closed yesterday (Ava
 * submitted, Ben and Cara never began: missing). Idempotent: an existing class is left alone.
 */
export async function seedDemoClass(db: Db): Promise<Credentials[]> {
  const credentials = [{ role: 'class teacher', email: CLASS_TEACHER, password: DEMO_PASSWORD }];
  const [existing] = await db.select({ id: classes.id }).from(classes).where(eq(classes.name, DEMO_CLASS_NAME));
  if (existing) return credentials;
  const [section] = await db
    .select({ id: sections.id, courseId: units.courseId })
    .from(sections)
    .innerJoin(units, eq(units.id, sections.unitId))
    .innerJoin(courses, eq(courses.id, units.courseId))
    .where(sql`exists (select 1 from section_questions dc_sq where dc_sq.section_id = ${sections.id})`)
    .orderBy(asc(courses.title), asc(units.unitNumber), asc(sections.sectionNumber))
    .limit(1);
  const [test] = await db.select({ id: tests.id }).from(tests).where(eq(tests.code, DEMO_TEST_CODE));
  if (!section || !test) return credentials;

  const teacherId = await createUser(db, CLASS_TEACHER, DEMO_PASSWORD, 'teacher', {
    firstName: 'Omar',
    lastName: 'Haddad',
    phoneNumber: '(415) 555-0123',
    department: 'Mathematics',
  });
  const student = (firstName: string, lastName: string) =>
    createUser(db, `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.academy`, DEMO_PASSWORD, 'student', {
      firstName,
      lastName,
      gradeLevel: '6',
      school: 'Riverside Middle School',
    });
  const ava = await student('Ava', 'Brooks');
  const ben = await student('Ben', 'Diaz');
  const cara = await student('Cara', 'Evans');
  const [created] = await db
    .insert(classes)
    .values({ name: DEMO_CLASS_NAME, subject: 'Mathematics', grade: '6', createdBy: teacherId })
    .returning({ id: classes.id });
  const classId = created.id;
  await db.insert(classTeachers).values({ classId, teacherId });
  await db.insert(classStudents).values([ava, ben, cara].map((studentId) => ({ classId, studentId })));
  await db.insert(classCourses).values({ classId, courseId: section.courseId, assignedBy: teacherId });

  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  await db.insert(sectionDueDates).values({ classId, sectionId: section.id, dueAt: at(-2), setBy: teacherId });
  const exercises = await db
    .select({ questionId: sectionQuestions.questionId })
    .from(sectionQuestions)
    .where(eq(sectionQuestions.sectionId, section.id))
    .orderBy(asc(sectionQuestions.position));
  // The exercises answered in order, a minute apart: answers of one instant would be counted into skills in the
  // order of their random ids, and the demo's levels and review dates would change from one start to the next.
  const minutesLater = (when: Date, minutes: number) => new Date(when.getTime() + minutes * 60_000);
  const check = (studentId: string, questionId: string, isCorrect: boolean, when: Date) => ({
    studentId,
    questionId,
    sectionId: section.id,
    answer: { studentAnswer: isCorrect ? 'right' : 'wrong' },
    isCorrect,
    createdAt: when,
  });
  await db
    .insert(answerAttempts)
    .values([
      ...exercises.map((e, i) => check(ava, e.questionId, true, minutesLater(at(-3), i))),
      ...exercises.map((e, i) => check(ben, e.questionId, false, minutesLater(at(-3), i))),
      ...exercises.map((e, i) => check(ben, e.questionId, true, minutesLater(at(-1), i))),
    ]);

  const window = { opensAt: at(-5), closesAt: at(-1) };
  await db.insert(classTests).values({ classId, testId: test.id, ...window, assignedBy: teacherId });
  const given = await db
    .insert(testAssignments)
    .values(
      [ava, ben, cara].map((studentId) => ({ testId: test.id, studentId, classId, assignedBy: teacherId, ...window })),
    )
    .returning({ id: testAssignments.id, studentId: testAssignments.studentId });
  const givenTo = (studentId: string) => given.find((g) => g.studentId === studentId)!.id;
  const paper = await db
    .select({ questionId: testQuestions.questionId, marks: testQuestions.marks })
    .from(testQuestions)
    .where(eq(testQuestions.testId, test.id))
    .orderBy(asc(testQuestions.position));
  const maxMarks = paper.reduce((sum, q) => sum + q.marks, 0);
  await db.insert(testAttempts).values({
    assignmentId: givenTo(ava),
    studentId: ava,
    paper,
    startedAt: at(-4),
    submittedAt: at(-4 + 0.02),
    submittedBy: 'student',
    score: Math.max(0, maxMarks - 1),
    maxMarks,
  });
  return credentials;
}
