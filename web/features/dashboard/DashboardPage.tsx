import { Suspense, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { MESSAGES, normalizeUserType, type UserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { lazyPage } from '../../lazyPage';
import { PageState } from '../../ui/PageState';
import { ComingSoonSection } from './ComingSoon';
import { sectionLabel } from '../../auth/menus';
import { paths } from '../../paths';

/** Each role's dashboard loads on its own: a user downloads their own view, not the other three. */
const views: Record<Exclude<UserType, 'student'>, ReturnType<typeof lazyPage>> = {
  admin: lazyPage(() => import('./AdminDashboard').then((m) => ({ default: m.AdminDashboard }))),
  teacher: lazyPage(() => import('./TeacherDashboard').then((m) => ({ default: m.TeacherDashboard }))),
  'data-entry': lazyPage(() => import('./DataEntryDashboard').then((m) => ({ default: m.DataEntryDashboard }))),
  parent: lazyPage(() => import('./ParentDashboard').then((m) => ({ default: m.ParentDashboard }))),
};

/** Sections of the student's dashboard that the learning pages own; the other sections are coming soon. */
const STUDENT_SECTIONS = new Set(['courses']);
/** Sections the parent's dashboard shows itself (My Children, Progress Reports). */
const PARENT_SECTIONS = new Set(['children', 'progress']);

/**
 * /dashboard picks its view by the user's type (every spelling of data-entry included). The sidebar's in-place
 * sections arrive as `?section=...`; those not built yet show the coming-soon text. The student's view is
 * the learning feature's page, handed in by the router so features stay apart, as are the student's Assignments and
 * Grades sections (`studentSections`).
 */
export default function DashboardPage({
  studentHome,
  studentSections = {},
}: {
  studentHome: ReactNode;
  studentSections?: Record<string, ReactNode>;
}) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const type = user ? normalizeUserType(user.type) : null;
  if (!type) return <PageState kind="denied" title={MESSAGES.unknownUserType} />;
  const section = params.get('section');
  if (type === 'student' && section && STUDENT_SECTIONS.has(section)) return <>{studentHome}</>;
  // Own keys only: `?section=constructor` is not a section.
  if (type === 'student' && section && Object.hasOwn(studentSections, section)) return <>{studentSections[section]}</>;
  // Every role's profile is the shared profile screen, whichever way it is reached.
  if (section === 'profile') return <Navigate to={paths.profile} replace />;
  // Any other section, a menu's or one typed into the address, is coming soon: a typed one has no label of its own.
  if (section && !(type === 'parent' && PARENT_SECTIONS.has(section)))
    return <ComingSoonSection label={sectionLabel(type, section) ?? 'Coming Soon'} />;
  if (type === 'student') return <>{studentHome}</>;
  const View = views[type];
  return (
    <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
      <View />
    </Suspense>
  );
}
