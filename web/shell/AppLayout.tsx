import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageState } from '../ui/PageState';
import { TopBar } from './TopBar';
import { scrollBehavior } from '../ui/motion';
import styles from './AppLayout.module.css';

/**
 * The page shell: top bar, then the routed frame (public pages with the footer, or the signed-in area with its
 * sidebar); each frame holds the page's <main>. Every route change scrolls to the top.
 */
export function AppLayout() {
  const { pathname, hash } = useLocation();
  const arrived = useRef(false);
  useEffect(() => {
    // The first page opens where the browser puts it (the top, or where a reload was): scrolling there would
    // only force a layout of the page being rendered.
    if (!arrived.current) {
      arrived.current = true;
      return;
    }
    // A link to a section (/#booking) is scrolled to by its page once the page has rendered.
    if (!hash) window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }, [pathname, hash]);

  return (
    <>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <TopBar />
      <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
        <Outlet />
      </Suspense>
    </>
  );
}
