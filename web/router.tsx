import { createBrowserRouter } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './auth/guards';
import { AppLayout } from './shell/AppLayout';
import { DashboardLayout } from './shell/DashboardLayout';
import { lazyPage } from './lazyPage';
import { paths } from './paths';
import { STAFF_TYPES } from '@common/rules';

const SignInPage = lazyPage(() => import('./features/account/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/account/SignUpPage'));
const VerifyOtpPage = lazyPage(() => import('./features/account/VerifyOtpPage'));
const CompleteProfilePage = lazyPage(() => import('./features/account/CompleteProfilePage'));
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'));
const StudentHome = lazyPage(() => import('./features/student/StudentHome'));
const CourseManagementPage = lazyPage(() => import('./features/courses/CourseManagementPage'));
const HomePage = lazyPage(() => import('./features/public/HomePage'));
const NotFoundPage = lazyPage(() => import('./features/public/NotFoundPage'));

/** Every page loads on demand, so each route ships only its own code. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/signin', element: <RedirectIfSignedIn><SignInPage /></RedirectIfSignedIn> },
      { path: '/signup', element: <RedirectIfSignedIn><SignUpPage /></RedirectIfSignedIn> },
      { path: '/verify-otp', element: <VerifyOtpPage /> },
      { path: '/complete-profile', element: <CompleteProfilePage /> },
      {
        // The signed-in area: every page here sits beside the role sidebar.
        element: <DashboardLayout />,
        children: [
          { path: '/dashboard', element: <RequireAuth><DashboardPage /></RequireAuth> },
          // Temporary home of the student dashboard until /dashboard switches views by role.
          { path: '/student', element: <RequireAuth types={['student']} othersTo={paths.home}><StudentHome /></RequireAuth> },
          {
            path: paths.courseManagement,
            element: <RequireAuth types={STAFF_TYPES} othersTo={paths.dashboard}><CourseManagementPage /></RequireAuth>,
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
