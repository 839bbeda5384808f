import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { checkAnswer, type CheckResult } from '../../../common/answers';
import type { CourseDetail, StaffQuestion, StudentCourse, StudentStats } from '../../../common/schemas/learning';
import { LEARNING_MESSAGES } from '../../../common/schemas/learning';
import type { AppContext } from '../../context';
import type { ReachableQuestion, StudentTotals } from '../../plugins/kept';
import type { Db } from '../../db/client';
import { answerAttempts, courses, questions, studentCourses } from '../../db/schema';
import { preparedFor, rows } from '../../db/prepared';
import { NotFound } from '../../lib/errors';
import { accessibleSectionIds } from './access';
import { recordAttempt } from './attempts';
import { presentQuestions } from './questions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The student's assigned courses, with the question ids of their accessible sections: two queries. */
export async function studentCourseList(ctx: AppContext, studentId: string): Promise<StudentCourse[]> {
  const [courseRows, exerciseRows] = await Promise.all([
    rows<{ id: string; title: string; code: string; description: string }>(
      ctx.db,
      sql`select c.id, c.title, c.code, c.description from student_courses sc join courses c on c.id = sc.course_id
          where sc.student_id = ${studentId} order by c.title, c.code`,
    ),
    rows<{ course_id: string; question_id: string }>(
      ctx.db,
      sql`select u.course_id, sq.question_id from section_questions sq
          join sections s on s.id = sq.section_id join units u on u.id = s.unit_id
          where sq.section_id in (${accessibleSectionIds(studentId)})
          order by u.unit_number, s.section_number, sq.position`,
    ),
  ]);
  return courseRows.map((c) => ({
    id: c.id,
    name: c.title,
    code: c.code,
    description: c.description,
    exercises: [...new Set(exerciseRows.filter((e) => e.course_id === c.id).map((e) => e.question_id))],
    // Courses have no body text of their own in our model; lessons live in sections.
    content: '',
  }));
}

const sectionJson = (withLesson: boolean) =>
  sql.raw(`json_build_object('id', s.id, 'title', s.title, 'sectionNumber', s.section_number, 'grade', s.grade, 'unitId', s.unit_id, 'hasAccess', ${withLesson}${
    withLesson
      ? `, 'content', s.content, 'exercises', coalesce((select json_agg(sq.question_id order by sq.position) from section_questions sq where sq.section_id = s.id), '[]'::json)`
      : ''
  })`);

function prepareCourseDetail(db: Db) {
  const studentId = sql.placeholder('studentId');
  const detail = sql<CourseDetail>`json_build_object(
    'course', json_build_object('name', ${courses.title}, 'code', ${courses.code}, 'description', ${courses.description}),
    'units', coalesce((
      select json_agg(json_build_object(
        'id', u.id, 'title', u.title, 'unitNumber', u.unit_number, 'grade', u.grade, 'categories', u.categories,
        'courseId', u.course_id, 'hasAccess', su.unit_id is not null,
        'sections', coalesce((
          select json_agg(case when s.id in (${accessibleSectionIds(studentId)}) then ${sectionJson(true)} else ${sectionJson(false)} end
                          order by s.section_number, s.title)
          from sections s where s.unit_id = u.id), '[]'::json)
      ) order by u.unit_number, u.title)
      from units u left join student_units su on su.unit_id = u.id and su.student_id = ${studentId}
      where u.course_id = ${courses.id}), '[]'::json))`;
  return db
    .select({ detail })
    .from(courses)
    .innerJoin(studentCourses, and(eq(studentCourses.courseId, courses.id), eq(studentCourses.studentId, studentId)))
    .where(eq(courses.id, sql.placeholder('courseId')))
    .prepare('student_course_detail');
}
const courseDetailQueries = new WeakMap<Db, ReturnType<typeof prepareCourseDetail>>();

/**
 * One assigned course with every unit and section flagged `hasAccess`, in one query whatever its size:
 * PostgreSQL builds the JSON in order. Locked sections keep their title (the student sees what is coming)
 * but carry no content or exercises.
 */
export async function studentCourseDetail(ctx: AppContext, studentId: string, courseId: string): Promise<CourseDetail> {
  const [row] = await preparedFor(ctx.db, courseDetailQueries, prepareCourseDetail).execute({ studentId, courseId });
  if (!row) throw NotFound(LEARNING_MESSAGES.courseNotFound);
  return row.detail;
}

/**
 * Questions by id, in the order asked. A student gets only those reachable through their accessible sections;
 * the others are left out without a word, so ids cannot be probed.
 */
export async function questionBatch(ctx: AppContext, caller: { id: string; isStudent: boolean }, questionIds: string[]): Promise<StaffQuestion[]> {
  const ids = [...new Set(questionIds.filter((q) => UUID.test(q)))];
  if (ids.length === 0) return [];
  const reachable = caller.isStudent
    ? and(inArray(questions.id, ids), sql`${questions.id} in (select sq.question_id from section_questions sq where sq.section_id in (${accessibleSectionIds(caller.id)}))`)
    : inArray(questions.id, ids);
  const found = await ctx.db.select().from(questions).where(reachable);
  const byId = new Map(found.map((q) => [q.id, q]));
  return presentQuestions(ctx.db, ids.flatMap((q) => (byId.has(q) ? [byId.get(q)!] : [])));
}

/**
 * A question with the accessible section a student reaches it through (null when none), in one prepared query.
 * The subquery names `questions.id` literally: drizzle leaves the select list's columns unqualified when one table
 * is selected, and a bare "id" would be a column of the subquery's own table as soon as it had one.
 */
function prepareReachableQuestion(db: Db) {
  const via = sql<string | null>`(select sq.section_id from section_questions sq
    where sq.question_id = questions.id and sq.section_id in (${accessibleSectionIds(sql.placeholder('studentId'))})
    order by (sq.section_id = ${sql.placeholder('preferred')}::uuid) is true desc limit 1)`;
  return db
    .select({ type: questions.type, answer: questions.answer, options: questions.options, via })
    .from(questions)
    .where(eq(questions.id, sql.placeholder('questionId')))
    .prepare('student_reachable_question');
}
const reachableQuestionQueries = new WeakMap<Db, ReturnType<typeof prepareReachableQuestion>>();

/**
 * Kept like the course view: a student checks the same question again and again, and the content changes that
 * empty the memo include questions and their placement in sections. Only reachable questions are kept.
 */
async function reachableQuestion(ctx: AppContext, studentId: string, body: { questionId: string; sectionId?: string }): Promise<ReachableQuestion | null> {
  const key = `${studentId} ${body.questionId} ${body.sectionId ?? ''}`;
  return ctx.memos.reachableQuestion.remember(
    key,
    async () => {
      const [row] = await preparedFor(ctx.db, reachableQuestionQueries, prepareReachableQuestion).execute({ questionId: body.questionId, studentId, preferred: body.sectionId ?? null });
      return row?.via ? row : null;
    },
    (found) => found !== null,
  );
}

async function anyQuestion(db: Db, questionId: string) {
  const [row] = await db.select({ type: questions.type, answer: questions.answer, options: questions.options, via: sql<string | null>`null` }).from(questions).where(eq(questions.id, questionId));
  return row ?? null;
}

/**
 * Checks an answer. A student's check needs the question to be reachable (404 otherwise, as for an unknown id)
 * and is stored as an attempt with the section it was reached through (written behind the answer, see
 * recordAttempt); staff checks are not recorded.
 */
export async function checkQuestionAnswer(
  ctx: AppContext,
  caller: { id: string; isStudent: boolean },
  body: { questionId: string; studentAnswer: string; sectionId?: string },
): Promise<CheckResult> {
  const question = caller.isStudent ? await reachableQuestion(ctx, caller.id, body) : await anyQuestion(ctx.db, body.questionId);
  if (!question) throw NotFound(LEARNING_MESSAGES.questionNotFound);
  const result = checkAnswer(question, body.studentAnswer);
  if (!caller.isStudent) return result;
  await recordAttempt(ctx, {
    studentId: caller.id,
    questionId: body.questionId,
    sectionId: question.via!, // reachableQuestion returns only questions with a section
    studentAnswer: body.studentAnswer,
    isCorrect: result.isCorrect,
    createdAt: ctx.now(),
  });
  return result;
}

/**
 * The dashboard's figures: enrolled courses and the share of correct checks (null before the first one). They are
 * kept per student: assignments empty them, and the student's own checks are counted in them as they are taken
 * (recordAttempt), so a student sees their answer counted at once without a query per read.
 */
export async function studentStats(ctx: AppContext, studentId: string): Promise<StudentStats> {
  const totals = await ctx.memos.studentTotals.remember(studentId, () => countTotals(ctx, studentId));
  return {
    enrolledCourses: totals.enrolledCourses,
    assignmentsDue: 0,
    attempts: totals.attempts,
    correctAttempts: totals.correctAttempts,
    averageGrade: totals.attempts === 0 ? null : Math.round((totals.correctAttempts / totals.attempts) * 100),
  };
}

async function countTotals(ctx: AppContext, studentId: string): Promise<StudentTotals> {
  // The attempts still queued are this student's too.
  await ctx.attempts.flush();
  const [[enrolled], [attempts]] = await Promise.all([
    ctx.db.select({ n: count() }).from(studentCourses).where(eq(studentCourses.studentId, studentId)),
    ctx.db
      .select({ n: count(), correct: sql<number>`count(*) filter (where ${answerAttempts.isCorrect})`.mapWith(Number) })
      .from(answerAttempts)
      .where(eq(answerAttempts.studentId, studentId)),
  ]);
  return { enrolledCourses: enrolled.n, attempts: attempts.n, correctAttempts: attempts.correct };
}
