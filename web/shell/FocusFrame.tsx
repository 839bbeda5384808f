import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageState } from '../ui/PageState';
import styles from './FocusFrame.module.css';

/**
 * A signed-in page that shows only itself under the top bar: no role sidebar, no footer (a student sitting a test).
 * The page guards itself, as in the signed-in area.
 */
export function FocusFrame() {
  return (
    <main id="main" className={styles.page}>
      <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
