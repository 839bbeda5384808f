import type { CheckableQuestion, CheckResult } from '../../../common/answers';
import type { CourseDetail } from '../../../common/schemas/learning';
import { keptMemo, MB, type KeptView } from '../../lib/kept/declare';
import type { SectionDueDate } from '../due-dates/student-due';
import type { StudentOutline, StudentTotals } from './progress';

/**
 * What a student's learning keeps in memory (server/lib/kept/declare.ts). Nearly all of it is scoped: kept per
 * student (or question), so a change to one course or student empties only the entries it names.
 */

/** A student's course view, by student and course. */
export const studentCourseView = {
  name: 'studentCourse',
  clearedBy: ['content'],
  maxBytes: 32 * MB,
  scoped: true,
} as const satisfies KeptView;
/** A student's My Courses list, by student. */
export const studentCoursesView = {
  name: 'studentCourses',
  clearedBy: ['content'],
  maxBytes: 8 * MB,
  scoped: true,
} as const satisfies KeptView;
/**
 * A caller's questions batch, by caller and question ids: the questions' text and placement are content, their
 * tags and attachments the bank's; what a student may see of them changes with their courses.
 */
export const questionBatchView = {
  name: 'questionBatch',
  clearedBy: ['content', 'bank'],
  maxBytes: 16 * MB,
  scoped: true,
} as const satisfies KeptView;

/**
 * A question as a check needs it, and its verdict cache: the verdicts of the answers checked so far, by answer. The
 * same answer to the same question gets the same verdict, and a class answering one question gives a few answers
 * between them. The verdicts go with the question when it changes.
 */
export type QuestionToCheck = CheckableQuestion & {
  verdicts: Map<string, CheckResult>;
  /** Whether it has random numbers: then each student is checked against their own variant (variants/kept.ts). */
  varies: boolean;
};

/** A question as a check needs it, with the accessible section the student reaches it through. */
export type ReachableQuestion = QuestionToCheck & { via: string | null };

type ByStudent = { student: string };

/** When a given test opens and closes, in Unix milliseconds; null where it has no bound. */
export type TestWindow = [opensAt: number | null, closesAt: number | null];

export const studentMemos = {
  /** By student, question and preferred section (null: not reachable). */
  reachableQuestion: keptMemo<ReachableQuestion | null, { student: string; question: string; section: string | null }>({
    clearedBy: ['content', 'bank'],
    maxBytes: 16 * MB,
    scoped: true,
  }),
  /**
   * By question, shared by every student: what a check needs (type, answer, options). After an edit each question
   * is read once, not once per student who checks it.
   */
  checkableQuestion: keptMemo<QuestionToCheck | null, { question: string }>({
    clearedBy: ['content', 'bank'],
    maxBytes: 16 * MB,
    scoped: true,
  }),
  /**
   * By student: counted on by this instance's own checks (recordAttempt), and a student's entry evicted when another
   * instance stores attempts of theirs; deleting a question or a section changes their stored attempts, which is
   * announced as content naming the students.
   */
  studentTotals: keptMemo<StudentTotals, ByStudent>({
    clearedBy: ['content', 'attempts'],
    maxBytes: 16 * MB,
    scoped: true,
  }),
  /**
   * By course, shared by its students: its units and sections with their lessons and exercises, before what is open
   * to whom (the student's outline says that).
   */
  courseStructure: keptMemo<CourseDetail | null, { course: string }>({
    clearedBy: ['content'],
    maxBytes: 32 * MB,
    scoped: true,
  }),
  /** By student: their courses, open units, and open sections with their exercises. */
  studentOutline: keptMemo<StudentOutline, ByStudent>({ clearedBy: ['content'], maxBytes: 16 * MB, scoped: true }),
  /**
   * By student: the windows of the tests given to them that they have not submitted and that have not closed, so the
   * dashboard counts the tests open now without a statement as time opens and closes them; a test given, its window
   * changed or taken back, and a sitting submitted are announced as content naming the student.
   */
  studentTestWindows: keptMemo<TestWindow[], ByStudent>({ clearedBy: ['content'], maxBytes: 4 * MB, scoped: true }),
  /**
   * By student: the due date of each section that has one for them (their own, or a class's they are in), so the
   * dashboard counts the sections still due from their kept outline and totals, without a statement as the clock
   * and their checks move; a due date set or cleared, and a student joining or leaving a class, are announced as
   * content naming the students it reaches.
   */
  studentDueDates: keptMemo<SectionDueDate[], ByStudent>({ clearedBy: ['content'], maxBytes: 4 * MB, scoped: true }),
  /**
   * By student: the questions on the papers of their sittings not yet submitted, which they may not check, read the
   * solution of or fetch as practice meanwhile; a sitting started or submitted is announced as content naming them.
   */
  openTestQuestions: keptMemo<string[], ByStudent>({ clearedBy: ['content'], maxBytes: 4 * MB, scoped: true }),
};
