import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageState } from '../ui/PageState';
import { Footer } from './Footer';

/** Public and account pages: the page, then the full footer. */
export function PublicFrame() {
  return (
    <>
      <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
        <Outlet />
      </Suspense>
      <Footer />
    </>
  );
}
