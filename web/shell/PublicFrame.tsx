import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageState } from '../ui/PageState';
import { Footer } from './Footer';
import styles from './PublicFrame.module.css';

/** Public and account pages: the page, then the full footer, held below the fold until the page is there. */
export function PublicFrame() {
  return (
    <>
      <main id="main" className={styles.page}>
        <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
