/**
 * The figures of the admin, teacher and parent dashboards, as the server sends them.
 */
import { z } from 'zod';
import { courseProgress, lastSection } from './learning';

/** How far back the dashboards' "this week" and "active" figures look. */
export const ACTIVITY_WINDOW_DAYS = 7;
/** Items of the admin's Recent Activity. */
export const RECENT_ACTIVITY_ITEMS = 8;

export const DASHBOARD_MESSAGES = {
  childNotFound: 'Child not found',
  testsFailed: 'Failed to load test results',
  loadFailed: 'Failed to load the dashboard figures',
  progressFailed: 'Failed to load progress reports',
} as const;

export const recentActivity = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('registration'), at: z.string(), name: z.string(), userType: z.string() }),
  z.object({
    kind: z.literal('assignment'),
    at: z.string(),
    studentName: z.string(),
    courseName: z.string(),
    assignedBy: z.string().nullable(),
  }),
]);
export type RecentActivity = z.infer<typeof recentActivity>;

export const adminDashboardReply = z.object({
  stats: z.object({
    users: z.number(),
    courses: z.number(),
    /** Courses assigned to at least one student. */
    activeCourses: z.number(),
    /** Students who checked an answer in the last ACTIVITY_WINDOW_DAYS days. */
    activeStudents: z.number(),
    students: z.number(),
    /** Answers checked by students in the last ACTIVITY_WINDOW_DAYS days. */
    checksThisWeek: z.number(),
  }),
  /** The latest registrations and course assignments, newest first. */
  recent: z.array(recentActivity),
});
export type AdminDashboard = z.infer<typeof adminDashboardReply>;

export const teacherDashboardReply = z.object({
  /** Distinct courses assigned to the teacher's own students. */
  activeCourses: z.number(),
  /** The teacher's own students (teacher_students). */
  totalStudents: z.number(),
  /** Submitted tests of the teacher's own students awaiting a manual release. */
  pendingReviews: z.number(),
});
export type TeacherDashboard = z.infer<typeof teacherDashboardReply>;

const progressSection = z.object({
  id: z.string(),
  title: z.string(),
  sectionNumber: z.number(),
  questions: z.number(),
  solved: z.number(),
});
const progressUnit = z.object({
  id: z.string(),
  title: z.string(),
  unitNumber: z.number(),
  sections: z.array(progressSection),
});
const progressCourse = courseProgress
  .omit({ courseId: true })
  .extend({ id: z.string(), name: z.string(), code: z.string(), units: z.array(progressUnit) });

/** One child as their parent sees them: their courses with the units and sections open to them, and their figures. */
export const childProgress = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.string().nullable(),
  school: z.string().nullable(),
  /** Answers checked in the last ACTIVITY_WINDOW_DAYS days, and how many of them were right. */
  checkedThisWeek: z.number(),
  correctThisWeek: z.number(),
  questionsTried: z.number(),
  questionsSolved: z.number(),
  /** First-try accuracy in percent (as the student's dashboard), null before the first check. */
  firstTryAccuracy: z.number().nullable(),
  lastActivityAt: z.string().nullable(),
  lastSection: lastSection.nullable(),
  courses: z.array(progressCourse),
});
export type ChildProgress = z.infer<typeof childProgress>;
export const childrenReply = z.object({ children: z.array(childProgress) });
