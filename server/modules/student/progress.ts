import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CourseDetail, CourseProgress, LastSection, QuestionProgress } from '../../../common/schemas/learning';
import { accessibleSectionIds, accessibleUnitIds, assignedCourseIds } from './access';

/**
 * What a student's figures are computed from: their stored checks, summed per question. Only their own checks change
 * it; the memo (`studentTotals`, kept.ts) is counted on as they are taken.
 */
export interface StudentTotals {
  attempts: number;
  correctAttempts: number;
  /**
   * By question id: [checks, the try that first got it right (0 while it is not solved), when it was first checked,
   * when it was first answered right (0 while it is not solved)], the times in milliseconds since 1970: a teacher's
   * gradebook tells late from done and counts a date range by them.
   */
  questions: Record<string, QuestionTotals>;
  /** The section of the latest check. */
  lastSectionId: string | null;
}

export type QuestionTotals = [tries: number, solvedOn: number, firstAt: number, solvedAt: number];

/** A section open to a student, with where it sits and its exercises in order. */
export interface OutlineSection {
  courseId: string;
  unitId: string;
  unitTitle: string;
  unitNumber: number;
  sectionId: string;
  title: string;
  sectionNumber: number;
  questionIds: string[];
}

/** A student's assigned courses and the units and sections open to them: only content and assignments change it. */
export interface StudentOutline {
  courses: Array<{ id: string; name: string; code: string; description: string }>;
  /** The open units, whether or not any of their sections is open (a unit may open before its sections do). */
  unitIds: string[];
  sections: OutlineSection[];
}

/**
 * Grades that reward learning, the one home of their rules. Stored attempts stay as they are; what is
 * computed from them is, per question, how many checks it took and on which try it was first right. A question is
 * solved once any check got it right; first-try accuracy is the share of the questions tried that were right at the
 * first check; a section is done when every one of its exercises is solved, and a course's progress counts the
 * done sections among those that have exercises. Students and parents see the same figures.
 */

type StudentRef = string | Placeholder | SQL;

/**
 * A student's checks summed per question, as one JSON value (StudentTotals). The try that first got a question right
 * is its first correct check's rank among that question's checks, in the order they were taken.
 */
export function totalsJson(studentId: StudentRef): SQL {
  return sql`json_build_object(
    'attempts', (select count(*) from answer_attempts t_all where t_all.student_id = ${studentId}),
    'correctAttempts', (select count(*) from answer_attempts t_ok where t_ok.student_id = ${studentId} and t_ok.is_correct),
    'questions', coalesce((
      select json_object_agg(t_q.question_id, json_build_array(t_q.tries, coalesce(t_q.solved_on, 0),
        floor(extract(epoch from t_q.first_at) * 1000)::bigint, coalesce(floor(extract(epoch from t_q.solved_at) * 1000)::bigint, 0)))
      from (
        select t_r.question_id, count(*) as tries, min(t_r.n) filter (where t_r.is_correct) as solved_on,
          min(t_r.created_at) as first_at, min(t_r.created_at) filter (where t_r.is_correct) as solved_at
        from (
          select t_a.question_id, t_a.is_correct, t_a.created_at,
            row_number() over (partition by t_a.question_id order by t_a.created_at, t_a.id) as n
          from answer_attempts t_a where t_a.student_id = ${studentId}
        ) t_r
        group by t_r.question_id
      ) t_q), '{}'::json),
    'lastSectionId', (select t_l.section_id from answer_attempts t_l where t_l.student_id = ${studentId} and t_l.section_id is not null
      order by t_l.created_at desc, t_l.id desc limit 1)
  )`;
}

/**
 * What is open to a student, by id, each list in the order of the outline: the student's own outline is composed of
 * it and the kept structures of their courses (`outlineFrom`), so a course is read once for all its students.
 */
export interface OpenIds {
  courseIds: string[];
  unitIds: string[];
  sectionIds: string[];
}

export function openIdsJson(studentId: StudentRef): SQL {
  return sql`json_build_object(
    'courseIds', coalesce((select json_agg(o_c.id order by o_c.title, o_c.code)
      from courses o_c where o_c.id in (${assignedCourseIds(studentId)})), '[]'::json),
    'unitIds', coalesce((select json_agg(o_open.unit_id order by o_open.unit_id) from (${accessibleUnitIds(studentId)}) o_open(unit_id)), '[]'::json),
    'sectionIds', coalesce((select json_agg(o_s.id order by o_u.unit_number, o_u.title, o_s.section_number, o_s.title)
      from sections o_s join units o_u on o_u.id = o_s.unit_id
      where o_s.id in (${accessibleSectionIds(studentId)})), '[]'::json)
  )`;
}

/**
 * A student's outline from what is open to them and their courses' structures (by course id): the same value as
 * `outlineJson`. What a structure lacks (content changed between the two reads, whose notice empties both) is left out.
 */
export function outlineFrom(open: OpenIds, structures: ReadonlyMap<string, CourseDetail>): StudentOutline {
  const placed = new Map<string, OutlineSection>();
  for (const [courseId, structure] of structures)
    for (const unit of structure.units)
      for (const section of unit.sections)
        placed.set(section.id, {
          courseId,
          unitId: unit.id,
          unitTitle: unit.title,
          unitNumber: unit.unitNumber,
          sectionId: section.id,
          title: section.title,
          sectionNumber: section.sectionNumber,
          questionIds: section.exercises ?? [],
        });
  return {
    courses: open.courseIds.flatMap((id) => {
      const structure = structures.get(id);
      return structure ? [{ id, ...structure.course }] : [];
    }),
    unitIds: open.unitIds,
    sections: open.sectionIds.flatMap((id) => placed.get(id) ?? []),
  };
}

/**
 * A student's assigned courses, open units, and open sections with their exercises, as one JSON value
 * (StudentOutline), for statements that read many students at once.
 */
export function outlineJson(studentId: StudentRef): SQL {
  return sql`json_build_object(
    'courses', coalesce((
      select json_agg(json_build_object('id', o_c.id, 'name', o_c.title, 'code', o_c.code, 'description', o_c.description)
        order by o_c.title, o_c.code)
      from courses o_c where o_c.id in (${assignedCourseIds(studentId)})), '[]'::json),
    'unitIds', coalesce((select json_agg(o_open.unit_id order by o_open.unit_id) from (${accessibleUnitIds(studentId)}) o_open(unit_id)), '[]'::json),
    'sections', coalesce((
      select json_agg(json_build_object(
        'courseId', o_u.course_id, 'unitId', o_u.id, 'unitTitle', o_u.title, 'unitNumber', o_u.unit_number,
        'sectionId', o_s.id, 'title', o_s.title, 'sectionNumber', o_s.section_number,
        'questionIds', coalesce((select json_agg(o_sq.question_id order by o_sq.position) from section_questions o_sq where o_sq.section_id = o_s.id), '[]'::json)
      ) order by o_u.unit_number, o_u.title, o_s.section_number, o_s.title)
      from sections o_s join units o_u on o_u.id = o_s.unit_id
      where o_s.id in (${accessibleSectionIds(studentId)})), '[]'::json)
  )`;
}

/** Counts one check into a student's totals, in place (the memo holds the only copy). */
export function countCheck(
  totals: StudentTotals,
  check: { questionId: string; sectionId: string | null; isCorrect: boolean; createdAt: Date },
): StudentTotals {
  const at = check.createdAt.getTime();
  const [tries, solvedOn, firstAt, solvedAt] = totals.questions[check.questionId] ?? [0, 0, at, 0];
  const solvesNow = solvedOn === 0 && check.isCorrect;
  totals.questions[check.questionId] = [
    tries + 1,
    solvesNow ? tries + 1 : solvedOn,
    firstAt,
    solvesNow ? at : solvedAt,
  ];
  totals.attempts += 1;
  if (check.isCorrect) totals.correctAttempts += 1;
  // A practice question belongs to no section: the place to pick up stays the last section practiced.
  if (check.sectionId) totals.lastSectionId = check.sectionId;
  return totals;
}

export interface Progress {
  questionsTried: number;
  questionsSolved: number;
  solvedFirstTry: number;
  firstTryAccuracy: number | null;
  courses: CourseProgress[];
  lastSection: LastSection | null;
}

export const isSolved = (totals: StudentTotals, questionId: string) => (totals.questions[questionId]?.[1] ?? 0) > 0;

export const isSectionDone = (section: OutlineSection, totals: StudentTotals) =>
  section.questionIds.length > 0 && section.questionIds.every((q) => isSolved(totals, q));

/** When a section was finished: the moment the last of its exercises was first answered right; null until then. */
export function sectionFinishedAt(section: OutlineSection, totals: StudentTotals): Date | null {
  if (!isSectionDone(section, totals)) return null;
  return new Date(Math.max(...section.questionIds.map((q) => totals.questions[q][3])));
}

/** The figures of the student's dashboard and of their parent's reports, from their outline and totals. */
export function progressOf(outline: StudentOutline, totals: StudentTotals): Progress {
  const tried = Object.values(totals.questions);
  const solvedFirstTry = tried.filter(([, solvedOn]) => solvedOn === 1).length;
  const byCourse = new Map(
    outline.courses.map((c) => [c.id, { courseId: c.id, sectionsDone: 0, sectionsWithExercises: 0 }]),
  );
  for (const section of outline.sections) {
    const course = byCourse.get(section.courseId);
    if (!course || section.questionIds.length === 0) continue;
    course.sectionsWithExercises += 1;
    if (isSectionDone(section, totals)) course.sectionsDone += 1;
  }
  const last = outline.sections.find((s) => s.sectionId === totals.lastSectionId);
  const lastCourse = last && outline.courses.find((c) => c.id === last.courseId);
  return {
    questionsTried: tried.length,
    questionsSolved: tried.filter(([, solvedOn]) => solvedOn > 0).length,
    solvedFirstTry,
    firstTryAccuracy: tried.length === 0 ? null : Math.round((solvedFirstTry / tried.length) * 100),
    courses: [...byCourse.values()],
    lastSection:
      last && lastCourse
        ? {
            courseId: last.courseId,
            unitId: last.unitId,
            sectionId: last.sectionId,
            courseName: lastCourse.name,
            sectionTitle: last.title,
            unitNumber: last.unitNumber,
            sectionNumber: last.sectionNumber,
          }
        : null,
  };
}

/** Each exercise of a section with its checks and the try that solved it. */
export function questionsOf(section: OutlineSection, totals: StudentTotals): QuestionProgress[] {
  return section.questionIds.map((questionId) => {
    const [tries, solvedOn] = totals.questions[questionId] ?? [0, 0];
    return { questionId, tries, solvedOnTry: solvedOn === 0 ? null : solvedOn };
  });
}
