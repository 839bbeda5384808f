import { MESSAGES, STAFF_TYPES, USER_TYPES, normalizeUserType, type UserType } from '@common/rules';
import { paths } from '../paths';

/**
 * Who may open a page of the signed-in area, and where everybody else goes.
 * Visitors always go to /signin. A signed-in user of another type goes to `othersTo` (to `/` they arrive with
 * the Access Denied view); a type `othersTo` leaves out stays where it is and sees the Access Denied view there,
 * with `denied` when the page has its own text.
 */
export interface PageAccess {
  types: readonly UserType[];
  othersTo?: Partial<Record<UserType, string>>;
  denied?: { title: string; text: string };
}

const everyTypeBut = (allowed: readonly UserType[], to: string): Partial<Record<UserType, string>> =>
  Object.fromEntries(USER_TYPES.filter((t) => !allowed.includes(t)).map((t) => [t, to]));

const ADMIN_ONLY: PageAccess = { types: ['admin'], othersTo: everyTypeBut(['admin'], paths.home) };
const TEACHER_DASHBOARD: PageAccess = { types: ['teacher'], othersTo: everyTypeBut(['teacher'], paths.dashboard) };
/** Teacher pages: no behavior is specified for other roles, so they see the Access Denied view in place. */
const TEACHER_ONLY: PageAccess = { types: ['teacher'] };
const ASSIGNMENT: readonly UserType[] = ['admin', 'teacher'];
const STUDENT_ONLY: PageAccess = { types: ['student'], othersTo: everyTypeBut(['student'], paths.dashboard) };
const QUESTION_CREATION: PageAccess = {
  types: STAFF_TYPES,
  denied: { title: MESSAGES.accessDenied, text: MESSAGES.createQuestionDenied },
};

/** The page guards, one row per page: the router and the upcoming-page route both read them. */
const ACCESS_BY_PAGE = {
  [paths.admin]: ADMIN_ONLY,
  [paths.adminDashboard]: ADMIN_ONLY,
  [paths.manageUsers]: ADMIN_ONLY,
  [paths.adminOfferings]: ADMIN_ONLY,
  [paths.adminExamProfiles]: ADMIN_ONLY,
  [paths.registerUsers]: ADMIN_ONLY,
  [paths.adminAnalytics]: ADMIN_ONLY,
  [paths.adminSettings]: ADMIN_ONLY,
  [paths.adminInbox]: ADMIN_ONLY,
  [paths.adminProfile]: ADMIN_ONLY,
  [paths.teacher]: TEACHER_DASHBOARD,
  [paths.teacherDashboard]: TEACHER_DASHBOARD,
  [paths.teacherProfile]: TEACHER_ONLY,
  [paths.teacherGrade]: TEACHER_ONLY,
  [paths.teacherSchedule]: TEACHER_ONLY,
  // The student's course viewer; other types are sent from the student dashboard to /.
  [paths.myCourses]: { types: ['student'], othersTo: everyTypeBut(['student'], paths.home) },
  [paths.parentDashboard]: { types: ['parent'], othersTo: everyTypeBut(['parent'], paths.dashboard) },
  [paths.courseManagement]: { types: STAFF_TYPES, othersTo: everyTypeBut(STAFF_TYPES, paths.dashboard) },
  [paths.questionBank]: { types: STAFF_TYPES, othersTo: { student: paths.dashboard, parent: paths.home } },
  [paths.createQuestionStep1]: QUESTION_CREATION,
  [paths.createQuestionStep2]: QUESTION_CREATION,
  [paths.sectionQuestions]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard },
  },
  [paths.courseAssignment]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.student },
  },
  // Classes and each class's page: admins every class, teachers their own (the server decides which).
  [paths.classes]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard },
  },
  // A saved test's assignments and results: admins and teachers (a teacher sees their own students only).
  [paths.savedTest.path]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard },
  },
  // A sitting's review is for those who read the test's results (the server refuses a teacher of another student).
  [paths.sittingReview.path]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard },
  },
  // A student's work: the staff who teach them (the server says whose); parents read their own reports.
  [paths.studentWork.path]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard, parent: paths.dashboard },
  },
  // A class's due dates: its teachers and admins (the server refuses a teacher another's class).
  [paths.classDueDates.path]: {
    types: ASSIGNMENT,
    othersTo: { ...everyTypeBut(ASSIGNMENT, paths.home), student: paths.dashboard },
  },
  // Sitting and reviewing tests are the student's own; everybody else goes to their dashboard.
  [paths.testSitting.path]: STUDENT_ONLY,
  [paths.testReview.path]: STUDENT_ONLY,
} satisfies Record<string, PageAccess>;

export type GuardedPath = keyof typeof ACCESS_BY_PAGE;
export const PAGE_ACCESS: Record<GuardedPath, PageAccess> = ACCESS_BY_PAGE;

/** Whether a signed-in user of this type (as the server spells it) may open the page: the guard's rule, for links to it. */
export function mayOpen(access: PageAccess, userType: string | undefined): boolean {
  const type = userType ? normalizeUserType(userType) : null;
  return !!type && access.types.includes(type);
}
