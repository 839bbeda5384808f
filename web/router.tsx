import { createBrowserRouter } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from './auth/guards';
import { AppLayout } from './shell/AppLayout';
import { DashboardLayout } from './shell/DashboardLayout';
import { lazyPage } from './lazyPage';

const SignInPage = lazyPage(() => import('./features/account/SignInPage'));
const SignUpPage = lazyPage(() => import('./features/account/SignUpPage'));
const VerifyOtpPage = lazyPage(() => import('./features/account/VerifyOtpPage'));
const CompleteProfilePage = lazyPage(() => import('./features/account/CompleteProfilePage'));
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'));
const HomePage = lazyPage(() => import('./features/public/HomePage'));
const NotFoundPage = lazyPage(() => import('./features/public/NotFoundPage'));
const QuestionBankPage = lazyPage(() => import('./features/questions/QuestionBankPage'));
const CreateStep1Page = lazyPage(() => import('./features/questions/CreateStep1Page'));
const CreateStep2Page = lazyPage(() => import('./features/questions/CreateStep2Page'));

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
          // The question pages guard themselves: their denial texts differ (staff.md section 6).
          { path: '/question-bank', element: <QuestionBankPage /> },
          { path: '/create-question-step1', element: <CreateStep1Page /> },
          { path: '/create-question-step2', element: <CreateStep2Page /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
