import { Suspense, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { CoursesHome, HomeUnlessDenied, RedirectIfSignedIn, RequireAuth } from './auth/guards';
import { PAGE_ACCESS, type GuardedPath } from './auth/pageAccess';
import { AppLayout } from './shell/AppLayout';
import { DashboardLayout } from './shell/DashboardLayout';
import { FocusFrame } from './shell/FocusFrame';
import { PublicFrame } from './shell/PublicFrame';
import { RouteError } from './shell/RouteError';
import { lazyPage } from './lazyPage';
import { paths } from './paths';

const HomePage = lazyPage(() => import('./features/public/HomePage'));
const AboutPage = lazyPage(() => import('./features/public/AboutPage'));
const ContactPage = lazyPage(() => import('./features/public/ContactPage'));
const UnsubscribePage = lazyPage(() => import('./features/public/UnsubscribePage'));
const InboxPage = lazyPage(() => import('./features/desk/InboxPage'));
const SettingsPage = lazyPage(() => import('./features/desk/SettingsPage'));
const CoursesLandingPage = lazyPage(() => import('./features/public/CoursesLandingPage'));
const OfferingPage = lazyPage(() => import('./features/public/OfferingPage'));
const CartPage = lazyPage(() => import('./features/public/CartPage'));
const CartDonePage = lazyPage(() => import('./features/public/CartDonePage'));
const PrivacyPage = lazyPage(() => import('./features/public/LegalPage').then((m) => ({ default: m.PrivacyPage })));
const TermsPage = lazyPage(() => import('./features/public/LegalPage').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazyPage(() => import('./features/public/NotFoundPage'));
const SignInPage = lazyPage(() => import('./features/account/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/account/SignUpPage'));
const VerifyOtpPage = lazyPage(() => import('./features/account/VerifyOtpPage'));
const CompleteProfilePage = lazyPage(() => import('./features/account/CompleteProfilePage'));
const ForgotPasswordPage = lazyPage(() => import('./features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./features/account/ResetPasswordPage'));
const InvitationPage = lazyPage(() => import('./features/account/InvitationPage'));
const ProfilePage = lazyPage(() => import('./features/account/ProfilePage'));
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'));
const QuestionBankPage = lazyPage(() => import('./features/questions/QuestionBankPage'));
const ImportQuestionsPage = lazyPage(() => import('./features/questions/exchange/ImportQuestionsPage'));
const TestPrintPage = lazyPage(() => import('./features/questions/TestPrintPage'));
const GradebookPage = lazyPage(() => import('./features/gradebook/GradebookPage'));
const GradebookPrintPage = lazyPage(() => import('./features/gradebook/GradebookPrintPage'));
const CreateStep1Page = lazyPage(() => import('./features/questions/CreateStep1Page'));
const CreateStep2Page = lazyPage(() => import('./features/questions/CreateStep2Page'));
const StudentHome = lazyPage(() => import('./features/assigned-learning/StudentHome'));
const StudentCoursePage = lazyPage(() => import('./features/assigned-learning/StudentCoursePage'));
const UnitSectionsPage = lazyPage(() => import('./features/assigned-learning/UnitSectionsPage'));
const CourseManagementPage = lazyPage(() => import('./features/courses/CourseManagementPage'));
const CourseAssignmentPage = lazyPage(() => import('./features/student-assignments/CourseAssignmentPage'));
const ClassesPage = lazyPage(() => import('./features/classes/ClassesPage'));
const ClassDetailPage = lazyPage(() => import('./features/classes/ClassDetailPage'));
const AdminDashboard = lazyPage(() =>
  import('./features/dashboard/AdminDashboard').then((m) => ({ default: m.AdminDashboard })),
);
const TeacherDashboard = lazyPage(() =>
  import('./features/dashboard/TeacherDashboard').then((m) => ({ default: m.TeacherDashboard })),
);
const ParentDashboard = lazyPage(() =>
  import('./features/dashboard/ParentDashboard').then((m) => ({ default: m.ParentDashboard })),
);
const SectionQuestionsPage = lazyPage(() => import('./features/questions/section-questions/SectionQuestionsPage'));
const AnalyticsPage = lazyPage(() => import('./features/analytics/AnalyticsPage'));
const OfferingsAdminPage = lazyPage(() => import('./features/offerings/OfferingsAdminPage'));
const ExamProfilesPage = lazyPage(() => import('./features/exam-profiles/ExamProfilesPage'));
const ManageUsersPage = lazyPage(() => import('./features/users/ManageUsersPage'));
const RegisterUsersPage = lazyPage(() => import('./features/users/RegisterUsersPage'));
const StudentTests = lazyPage(() => import('./features/assigned-learning/student-tests/StudentTests'));
const StudentProgress = lazyPage(() => import('./features/dashboard/progress/StudentProgressPanel'));
const StudentPractice = lazyPage(() => import('./features/assigned-learning/practice/PracticePage'));
const StudentGrades = lazyPage(() => import('./features/assigned-learning/student-tests/StudentGrades'));
const TestSittingPage = lazyPage(() => import('./features/assigned-learning/student-tests/TestSittingPage'));
const TestReviewPage = lazyPage(() => import('./features/assigned-learning/student-tests/TestReviewPage'));
const SavedTestPage = lazyPage(() => import('./features/test-reports/SavedTestPage'));
const SittingReviewPage = lazyPage(() => import('./features/test-reports/SittingReviewPage'));
const StudentWorkPage = lazyPage(() => import('./features/student-work/StudentWorkPage'));
const StudentCalendar = lazyPage(() => import('./features/calendar/StudentCalendar'));
const TeacherSchedulePage = lazyPage(() => import('./features/calendar/TeacherSchedulePage'));
const ClassDueDatesPage = lazyPage(() => import('./features/calendar/ClassDueDatesPage'));

/**
 * A page of the signed-in area behind its guard (web/auth/pageAccess.ts); `at` serves the
 * deeper addresses of a page (course management's drill-down) under the page's own guard.
 */
const guarded = (path: GuardedPath, page: ReactNode, at: string = path) => ({
  path: at,
  element: <RequireAuth access={PAGE_ACCESS[path]}>{page}</RequireAuth>,
});

/**
 * Every page loads on demand, so each route ships only its own code. The browser's router is made from these in
 * main.tsx, the build's prerender of the first-visit pages makes its own (web/prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Whatever fails while loading or rendering a page (its script too) shows a friendly screen, not the router's.
    errorElement: <RouteError />,
    children: [
      {
        // Public and account pages, with the full footer.
        element: <PublicFrame />,
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: <HomeUnlessDenied home={<HomePage />} /> },
          { path: paths.about, element: <AboutPage /> },
          { path: paths.contact, element: <ContactPage /> },
          { path: paths.unsubscribe, element: <UnsubscribePage /> },
          { path: paths.coursesLanding, element: <CoursesLandingPage /> },
          { path: paths.offering.path, element: <OfferingPage /> },
          {
            path: paths.legacyCourseDetail,
            element: <Navigate to={paths.offering.href(paths.legacyCourseDetailSlug)} replace />,
          },
          { path: paths.cart, element: <CartPage /> },
          { path: paths.shoppingCart, element: <CartPage /> },
          { path: paths.cartDone, element: <CartDonePage /> },
          { path: paths.privacy, element: <PrivacyPage /> },
          { path: paths.terms, element: <TermsPage /> },
          {
            path: paths.signin,
            element: (
              <RedirectIfSignedIn>
                <SignInPage />
              </RedirectIfSignedIn>
            ),
          },
          {
            path: paths.signup,
            element: (
              <RedirectIfSignedIn>
                <SignUpPage />
              </RedirectIfSignedIn>
            ),
          },
          { path: paths.verifyOtp, element: <VerifyOtpPage /> },
          { path: paths.completeProfile, element: <CompleteProfilePage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          // Open to everyone: it shows the invitation, then asks to sign in or up with the invited e-mail.
          { path: paths.invitation, element: <InvitationPage /> },
          // The top bar's Courses, and the addresses of the sample catalogue the site once had, which lead there.
          { path: paths.courses, element: <CoursesHome /> },
          { path: paths.legacyCourse, element: <Navigate to={paths.courses} replace /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // A test being sat: the test alone, without the sidebar (leaving it asks first).
        element: <FocusFrame />,
        errorElement: <RouteError />,
        children: [guarded(paths.testSitting.path, <TestSittingPage />)],
      },
      {
        // The signed-in area: every page here sits beside the role sidebar.
        element: <DashboardLayout />,
        errorElement: <RouteError />,
        children: [
          {
            path: paths.dashboard,
            element: (
              <RequireAuth>
                <DashboardPage
                  studentHome={<StudentHome />}
                  studentSections={{
                    assignments: <StudentTests />,
                    grades: <StudentGrades />,
                    progress: <StudentProgress />,
                    practice: <StudentPractice />,
                    calendar: <StudentCalendar />,
                  }}
                />
              </RequireAuth>
            ),
          },
          // Shared profile: every account type edits its own profile here.
          {
            path: paths.profile,
            element: (
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            ),
          },
          guarded(paths.testReview.path, <TestReviewPage />),
          guarded(paths.savedTest.path, <SavedTestPage />),
          guarded(paths.sittingReview.path, <SittingReviewPage />),
          guarded(paths.studentWork.path, <StudentWorkPage />),
          guarded(paths.adminProfile, <ProfilePage />),
          guarded(paths.teacherProfile, <ProfilePage />),
          guarded(paths.admin, <AdminDashboard />),
          guarded(paths.adminDashboard, <AdminDashboard />),
          guarded(paths.teacher, <TeacherDashboard />),
          guarded(paths.teacherDashboard, <TeacherDashboard />),
          guarded(paths.parentDashboard, <ParentDashboard />),
          guarded(paths.adminAnalytics, <AnalyticsPage />),
          guarded(paths.adminSettings, <SettingsPage />),
          guarded(paths.adminInbox, <InboxPage />),
          { path: paths.adminEnrollments, element: <Navigate to={paths.adminInboxTab('enrollments')} replace /> },
          guarded(paths.teacherGrade, <GradebookPage />),
          guarded(paths.teacherSchedule, <TeacherSchedulePage />),
          guarded(paths.classDueDates.path, <ClassDueDatesPage />),
          // The student's course viewer has an address per course, section and tab.
          guarded(paths.myCourses, <Navigate to={paths.dashboardSection('courses')} replace />),
          guarded(paths.myCourses, <StudentCoursePage />, paths.studentCourse.path),
          guarded(paths.myCourses, <StudentCoursePage />, paths.studentSection.path),
          guarded(paths.myCourses, <UnitSectionsPage />, paths.studentUnit.path),
          // Staff pages (course assignment) send students to /student; their home is the dashboard.
          { path: paths.student, element: <Navigate to={paths.dashboard} replace /> },
          guarded(paths.courseManagement, <CourseManagementPage />),
          guarded(paths.courseManagement, <CourseManagementPage />, paths.courseUnits.path),
          guarded(paths.courseManagement, <CourseManagementPage />, paths.unitSections.path),
          guarded(paths.courseManagement, <CourseManagementPage />, paths.sectionContent.path),
          guarded(paths.courseAssignment, <CourseAssignmentPage />),
          guarded(paths.classes, <ClassesPage />),
          guarded(paths.classes, <ClassDetailPage />, paths.classDetail.path),
          guarded(paths.questionBank, <QuestionBankPage />),
          guarded(paths.questionBank, <ImportQuestionsPage />, paths.questionImport),
          guarded(paths.createQuestionStep1, <CreateStep1Page />),
          guarded(paths.createQuestionStep2, <CreateStep2Page />),
          guarded(paths.sectionQuestions, <SectionQuestionsPage />),
          guarded(paths.manageUsers, <ManageUsersPage />),
          guarded(paths.adminOfferings, <OfferingsAdminPage />),
          guarded(paths.adminExamProfiles, <ExamProfilesPage />),
          guarded(paths.registerUsers, <RegisterUsersPage />),
        ],
      },
    ],
  },
  {
    // An exam paper is the page and nothing else: no top bar or sidebar to hide from the printer.
    path: paths.testPrint.path,
    errorElement: <RouteError />,
    element: (
      <RequireAuth access={PAGE_ACCESS[paths.questionBank]}>
        <Suspense fallback={null}>
          <TestPrintPage />
        </Suspense>
      </RequireAuth>
    ),
  },
  {
    // The gradebook to print, likewise without the frame.
    path: paths.teacherGradePrint,
    errorElement: <RouteError />,
    element: (
      <RequireAuth access={PAGE_ACCESS[paths.teacherGrade]}>
        <Suspense fallback={null}>
          <GradebookPrintPage />
        </Suspense>
      </RequireAuth>
    ),
  },
];
