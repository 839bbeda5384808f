import { Outlet } from 'react-router';

/**
 * The signed-in area's frame: the role sidebar (collapsible, with the mobile bottom bar) beside the page.
 * Placeholder: the page-shell work builds the sidebar; pages of the signed-in area are children of this route.
 */
export function DashboardLayout() {
  return <Outlet />;
}
