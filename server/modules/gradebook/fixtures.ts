/**
 * Classes straight into the database, for the gradebook's tests and bench (the classes' own API is elsewhere).
 */
import type { Db } from '../../db/client';
import {
  answerAttempts,
  classCourses,
  classes,
  classStudents,
  classTeachers,
  classTests,
  sectionDueDates,
  sectionQuestions,
  testAssignments,
  testAttempts,
} from '../../db/schema';

export async function buildClass(
  db: Db,
  options: { name?: string; teacherIds?: string[]; studentIds?: string[]; courseIds?: string[] } = {},
): Promise<{ id: string }> {
  const [created] = await db
    .insert(classes)
    .values({ name: options.name ?? 'Class' })
    .returning({ id: classes.id });
  const classId = created.id;
  if (options.teacherIds?.length)
    await db.insert(classTeachers).values(options.teacherIds.map((teacherId) => ({ classId, teacherId })));
  if (options.studentIds?.length)
    await db.insert(classStudents).values(options.studentIds.map((studentId) => ({ classId, studentId })));
  if (options.courseIds?.length)
    await db.insert(classCourses).values(options.courseIds.map((courseId) => ({ classId, courseId })));
  return { id: classId };
}

export async function placeQuestions(db: Db, sectionId: string, questionIds: string[]) {
  await db
    .insert(sectionQuestions)
    .values(questionIds.map((questionId, i) => ({ sectionId, questionId, position: i + 1 })));
}

export async function setClassDueDate(db: Db, classId: string, sectionId: string, dueAt: Date) {
  await db.insert(sectionDueDates).values({ classId, sectionId, dueAt });
}

/** A check of a student's, stored as the attempt writer stores it. */
export async function storeCheck(
  db: Db,
  check: { studentId: string; questionId: string; sectionId: string | null; isCorrect: boolean; at: Date },
) {
  await db.insert(answerAttempts).values({
    studentId: check.studentId,
    questionId: check.questionId,
    sectionId: check.sectionId,
    answer: { studentAnswer: 'A' },
    isCorrect: check.isCorrect,
    createdAt: check.at,
  });
}

/** A saved test given to the class and to each of `studentIds` with the class's window. */
export async function giveClassTest(
  db: Db,
  classId: string,
  testId: string,
  studentIds: string[],
  window: { opensAt?: Date | null; closesAt?: Date | null } = {},
): Promise<Record<string, string>> {
  await db
    .insert(classTests)
    .values({ classId, testId, opensAt: window.opensAt ?? null, closesAt: window.closesAt ?? null });
  if (studentIds.length === 0) return {};
  const given = await db
    .insert(testAssignments)
    .values(
      studentIds.map((studentId) => ({
        testId,
        studentId,
        classId,
        opensAt: window.opensAt ?? null,
        closesAt: window.closesAt ?? null,
      })),
    )
    .returning({ id: testAssignments.id, studentId: testAssignments.studentId });
  return Object.fromEntries(given.map((g) => [g.studentId, g.id]));
}

/** A sitting: begun at `startedAt`, and submitted with its score when `submittedAt` is given. */
export async function storeSitting(
  db: Db,
  sitting: {
    assignmentId: string;
    studentId: string;
    startedAt: Date;
    submittedAt?: Date;
    score?: number;
    maxMarks: number;
  },
) {
  await db.insert(testAttempts).values({
    assignmentId: sitting.assignmentId,
    studentId: sitting.studentId,
    paper: [],
    startedAt: sitting.startedAt,
    submittedAt: sitting.submittedAt ?? null,
    submittedBy: sitting.submittedAt ? 'student' : null,
    score: sitting.submittedAt ? (sitting.score ?? 0) : null,
    maxMarks: sitting.maxMarks,
  });
}
