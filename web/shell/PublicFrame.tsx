import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageState } from '../ui/PageState';
import { Footer } from './Footer';

/** Public and account pages: the page, then the full footer. */
export function PublicFrame() {
  return (
    <>
      <main id="main">
        <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
