import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { normalizeUserType, type UserType } from '@common/rules';
import { paths } from '../paths';
import { useAuth } from './AuthProvider';
import { PageState } from '../ui/PageState';

interface RequireAuthProps {
  /** Types allowed; any signed-in user when absent. */
  types?: readonly UserType[];
  /** Where other types go; without it they see the Access Denied view. */
  othersTo?: string | Partial<Record<UserType, string>>;
  children: ReactNode;
}

/** Route guard: loading first, then /signin for visitors, then the type check. */
export function RequireAuth({ types, othersTo, children }: RequireAuthProps) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageState kind="loading" title="Loading..." />;
  if (!user) return <Navigate to={paths.signin} replace state={{ from: location.pathname }} />;
  const type = normalizeUserType(user.type);
  if (types && (!type || !types.includes(type))) {
    const target = typeof othersTo === 'string' ? othersTo : type ? othersTo?.[type] : undefined;
    if (target) return <Navigate to={target} replace />;
    return <PageState kind="denied" title="Access Denied" text="You don't have permission to access this page." />;
  }
  return <>{children}</>;
}

/** Sign-in and sign-up are for visitors: a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <PageState kind="loading" title="Loading..." />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return <>{children}</>;
}
