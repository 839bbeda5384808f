import type { ReactElement } from 'react';
import { useSearchParams } from 'react-router';
import { normalizeUserType, type UserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { PageState } from '../../ui/PageState';
import { AdminDashboard } from './AdminDashboard';
import { ComingSoonSection } from './ComingSoon';
import { DataEntryDashboard } from './DataEntryDashboard';
import { ParentDashboard } from './ParentDashboard';
import { StudentDashboard } from './StudentDashboard';
import { TeacherDashboard } from './TeacherDashboard';
import { sectionLabel } from '../../shell/menus';

const views: Record<UserType, () => ReactElement> = {
  admin: AdminDashboard,
  teacher: TeacherDashboard,
  student: StudentDashboard,
  'data-entry': DataEntryDashboard,
  parent: ParentDashboard,
};

/**
 * /dashboard picks its view by the user's type (every spelling of data-entry included). The sidebar's in-place
 * sections arrive as `?section=...`; those not built yet show the spec's coming-soon text.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const type = user ? normalizeUserType(user.type) : null;
  if (!type) return <PageState kind="denied" title="Unknown User Type (contact support)" />;
  const section = params.get('section');
  if (section) {
    const label = sectionLabel(type, section);
    if (label) return <ComingSoonSection label={label} />;
  }
  const View = views[type];
  return <View />;
}
