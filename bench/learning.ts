/**
 * Learning benchmarks: signed-in GET /api/student/courses/:id for a course of 10 units x 10
 * sections, and POST /api/questions/check-answer at 50 connections (budget: p99 under 20 ms).
 * bench/run.ts seeds with `seedLearningBench` in the server's process and measures with `benchLearning`.
 */
import { BROWSER_HEADERS, measure, type BenchResult } from './measure';
import type { Db } from '../server/db/client';
import { sectionQuestions, studentCourses, studentSections, studentUnits } from '../server/db/schema';
import { buildCourse, buildQuestion, buildStudent, TEST_PASSWORD } from '../server/test/factories';

export interface LearningIds {
  courseId: string;
  sectionId: string;
  questionId: string;
  studentEmail: string;
  studentPassword: string;
}

/** A student with a 10 x 10 course assigned (every unit with all its sections) and 3 questions in each section. */
export async function seedLearningBench(db: Db): Promise<LearningIds> {
  const student = await buildStudent(db);
  const course = await buildCourse(db, { units: 10, sections: 10, title: 'Bench course' });
  const questions = await Promise.all(Array.from({ length: 10 }, () => buildQuestion(db)));
  await db.insert(studentCourses).values({ studentId: student.id, courseId: course.id });
  await db.insert(studentUnits).values(course.units.map((u) => ({ studentId: student.id, unitId: u.id })));
  const sectionIds = course.units.flatMap((u) => u.sections.map((s) => s.id));
  await db.insert(studentSections).values(sectionIds.map((sectionId) => ({ studentId: student.id, sectionId })));
  await db
    .insert(sectionQuestions)
    .values(
      sectionIds.flatMap((sectionId, i) =>
        [0, 1, 2].map((k) => ({ sectionId, questionId: questions[(i + k) % 10].id, position: k + 1 })),
      ),
    );
  return {
    courseId: course.id,
    sectionId: sectionIds[0],
    questionId: questions[0].id,
    studentEmail: student.email,
    studentPassword: TEST_PASSWORD,
  };
}

/** The student's course view at 50 connections, with a signed-in student's cookie. */
export function benchCourseView(
  baseUrl: string,
  studentCookie: string,
  ids: Pick<LearningIds, 'courseId'>,
): Promise<BenchResult> {
  const headers = { ...BROWSER_HEADERS, cookie: studentCookie };
  return measure('GET /api/student/courses/:id (10x10)', {
    url: `${baseUrl}/api/student/courses/${ids.courseId}`,
    headers,
    connections: 50,
  });
}

/** Checks at 50 connections; each stores an attempt, so bench/run.ts runs this write load last. */
export function benchCheckAnswer(
  baseUrl: string,
  studentCookie: string,
  ids: Pick<LearningIds, 'questionId' | 'sectionId'>,
): Promise<BenchResult> {
  return measure('POST /api/questions/check-answer', {
    url: `${baseUrl}/api/questions/check-answer`,
    method: 'POST',
    headers: { ...BROWSER_HEADERS, cookie: studentCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ questionId: ids.questionId, studentAnswer: '\\frac{3}{4}', sectionId: ids.sectionId }),
    connections: 50,
  });
}
