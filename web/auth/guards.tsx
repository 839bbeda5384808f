import { Activity, Suspense, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { MESSAGES, normalizeUserType } from '@common/rules';
import { paths } from '../paths';
import { useAuth } from './AuthProvider';
import { mayOpen, type PageAccess } from './pageAccess';
import { PageState } from '../ui/PageState';

/** The navigation state a guard sends along: to /signin the page asked for, to / that access was denied. */
export interface GuardState {
  from?: string;
  accessDenied?: boolean;
}

const guardState = (state: unknown): GuardState => (state && typeof state === 'object' ? (state as GuardState) : {});

/** True when a guard sent the visitor to /signin: the sign-in page then says that the page needs an account. */
export const sentBySignInGuard = (state: unknown) => typeof guardState(state).from === 'string';

/**
 * A guarded page: while the auth check runs it waits out of sight, where React prepares it (its code loads beside
 * the check) without running its effects, so nothing is fetched for a visitor who turns out to be sent elsewhere.
 * The same element before and after the check, so the prepared page is the one shown. The page waits for its code
 * in a Suspense boundary of its own: one that waited straight inside the Activity crashed React 19.3 ("reading
 * '_retryCache'") when the guard was shown, then left (a click to another page), before the code arrived.
 */
export function Guarded({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <>
      {pending ? <PageState kind="loading" title="Loading..." /> : null}
      <Activity mode={pending ? 'hidden' : 'visible'}>
        <Suspense fallback={<PageState kind="loading" title="Loading..." />}>{children}</Suspense>
      </Activity>
    </>
  );
}

/**
 * Route guard: loading first, then /signin for visitors, then the type check of `access` (any signed-in user
 * when absent): the page, a redirect (to `/` with the Access Denied view), or the Access Denied view in place.
 */
export function RequireAuth({ access, children }: { access?: PageAccess; children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <Guarded pending>{children}</Guarded>;
  if (!user) return <Navigate to={paths.signin} replace state={{ from: location.pathname } satisfies GuardState} />;
  if (!access || mayOpen(access, user.type)) return <Guarded pending={false}>{children}</Guarded>;
  const type = normalizeUserType(user.type);
  const target = type ? access.othersTo?.[type] : undefined;
  if (target)
    return (
      <Navigate
        to={target}
        replace
        state={target === paths.home ? ({ accessDenied: true } satisfies GuardState) : undefined}
      />
    );
  return access.denied ? (
    <PageState kind="denied" title={access.denied.title} text={access.denied.text} />
  ) : (
    <PageState
      kind="denied"
      title={MESSAGES.accessDeniedHere}
      action={<Link to={paths.dashboard}>Go to your dashboard</Link>}
    />
  );
}

/** `/`: the home page, or the Access Denied view when a guard sent the user here from a page not for them. */
export function HomeUnlessDenied({ home }: { home: ReactNode }) {
  const { state } = useLocation();
  if (!guardState(state).accessDenied) return <>{home}</>;
  return (
    <PageState
      kind="denied"
      title={MESSAGES.accessDeniedSentHome}
      action={<Link to={paths.dashboard}>Go to your dashboard</Link>}
    />
  );
}

/** Sign-in and sign-up are for visitors: a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <Guarded pending={loading}>{children}</Guarded>;
}

/**
 * `/courses`, the top bar's Courses: a signed-in student's own courses (My Courses), the public catalogue for
 * visitors and everyone else.
 */
export function CoursesHome() {
  const { user, loading } = useAuth();
  if (loading) return <PageState kind="loading" title="Loading..." />;
  const student = user !== null && normalizeUserType(user.type) === 'student';
  return <Navigate to={student ? paths.dashboardSection('courses') : paths.coursesLanding} replace />;
}
