import { Link, useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { MenuItem } from '../auth/menus';
import { paths } from '../paths';
import styles from './Sidebar.module.css';

/**
 * Whether an item is the current page: routes match their path, dashboard sections their `section` query; a
 * student's course and its sections belong to My Courses.
 */
function useIsActive() {
  const { pathname, search } = useLocation();
  const here = pathname.startsWith(`${paths.myCourses}/`)
    ? paths.dashboardSection('courses')
    : pathname + (new URLSearchParams(search).get('section') ? search : '');
  return (item: MenuItem) => item.to === here;
}

interface SidebarProps {
  items: MenuItem[];
  collapsed: boolean;
  onToggle: () => void;
}

/** The role sidebar beside dashboard pages; it collapses to icons. Below 768 px the bottom bar takes over. */
export function Sidebar({ items, collapsed, onToggle }: SidebarProps) {
  const isActive = useIsActive();
  return (
    <aside className={`${styles.sidebar} ${collapsed ? styles.collapsed : ''}`} aria-label="Dashboard">
      <button
        type="button"
        className={styles.toggle}
        onClick={onToggle}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
      >
        {collapsed ? <PanelLeftOpen size={20} aria-hidden="true" /> : <PanelLeftClose size={20} aria-hidden="true" />}
      </button>
      <nav aria-label="Dashboard menu">
        <ul>
          {items.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                aria-current={isActive(item) ? 'page' : undefined}
                title={collapsed ? item.label : undefined}
              >
                <item.icon size={20} aria-hidden="true" />
                <span className={styles.label}>{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Phones: the first five items of the role's menu, fixed at the bottom of the screen, each named by a word that fits. */
export function BottomBar({ items }: { items: MenuItem[] }) {
  const isActive = useIsActive();
  return (
    <nav className={styles.bottomBar} aria-label="Dashboard shortcuts">
      <ul>
        {items.slice(0, 5).map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              aria-current={isActive(item) ? 'page' : undefined}
              title={item.short ? item.label : undefined}
            >
              <item.icon size={20} aria-hidden="true" />
              <span>{item.short ?? item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
