import type { ReactElement, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES, normalizeUserType, type UserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { PageState } from '../../ui/PageState';
import { AdminDashboard } from './AdminDashboard';
import { ComingSoonSection } from './ComingSoon';
import { DataEntryDashboard } from './DataEntryDashboard';
import { ParentDashboard } from './ParentDashboard';
import { TeacherDashboard } from './TeacherDashboard';
import { sectionLabel } from '../../auth/menus';

const views: Record<Exclude<UserType, 'student'>, () => ReactElement> = {
  admin: AdminDashboard,
  teacher: TeacherDashboard,
  'data-entry': DataEntryDashboard,
  parent: ParentDashboard,
};

/** Sections of the student's dashboard that the learning pages own; the other sections are coming soon. */
const STUDENT_SECTIONS = new Set(['courses']);

/**
 * /dashboard picks its view by the user's type (every spelling of data-entry included). The sidebar's in-place
 * sections arrive as `?section=...`; those not built yet show the spec's coming-soon text. The student's view is
 * the learning feature's page, handed in by the router so features stay apart.
 */
export default function DashboardPage({ studentHome }: { studentHome: ReactNode }) {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const type = user ? normalizeUserType(user.type) : null;
  if (!type) return <PageState kind="denied" title={MESSAGES.unknownUserType} />;
  const section = params.get('section');
  if (type === 'student' && (!section || STUDENT_SECTIONS.has(section))) return <>{studentHome}</>;
  if (section) {
    const label = sectionLabel(type, section);
    if (label) return <ComingSoonSection label={label} />;
  }
  const View = views[type as Exclude<UserType, 'student'>];
  return <View />;
}
