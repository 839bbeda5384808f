import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { normalizeUserType } from '@common/rules';
import { useAuth } from '../auth/AuthProvider';
import { PageState } from '../ui/PageState';
import { Footer } from './Footer';
import { MENUS } from '../auth/menus';
import { BottomBar, Sidebar } from './Sidebar';
import styles from './DashboardLayout.module.css';

const COLLAPSED_KEY = 'sidebarCollapsed';

/**
 * The signed-in area's frame: the role sidebar (collapsible; a bottom bar on phones) beside the page and the
 * footer's sidebar variant. Pages of the signed-in area are children of this route and guard themselves, so a
 * visitor or an unknown type sees the page's own redirect or message without a sidebar.
 */
export function DashboardLayout() {
  const { user } = useAuth();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const type = user ? normalizeUserType(user.type) : null;
  if (!type) {
    return (
      <main id="main" className={styles.page}>
        <Outlet />
      </main>
    );
  }

  const items = MENUS[type];
  const toggle = () => {
    setCollapsed((was) => {
      localStorage.setItem(COLLAPSED_KEY, String(!was));
      return !was;
    });
  };
  return (
    <div className={`${styles.frame} ${collapsed ? styles.collapsed : ''}`}>
      <Sidebar items={items} collapsed={collapsed} onToggle={toggle} />
      <div className={styles.content}>
        <main id="main" className={styles.page}>
          <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer variant="beside-sidebar" />
      </div>
      <BottomBar items={items} />
    </div>
  );
}
