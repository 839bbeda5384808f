import type { ReactNode } from 'react';
import { normalizeUserType, STAFF_TYPES } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { RequireAuth } from '../../auth/guards';
import { PageState } from '../../ui/PageState';
import { MESSAGES } from './messages';

/** Question creation is for staff; other signed-in users see why they cannot create (section 6). */
export function CreateQuestionGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const type = user ? normalizeUserType(user.type) : null;
  return (
    <RequireAuth>
      {type && STAFF_TYPES.includes(type) ? children : <PageState kind="denied" title="Access Denied" text={MESSAGES.noCreateAccess} />}
    </RequireAuth>
  );
}
