import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lazyPage';
import { paths } from '../paths';
import { Button } from '../ui/Button';
import { PageState } from '../ui/PageState';

/** What the page script time-out (and a failed page script) shows: the page did not arrive, and a way to retry. */
export const CHUNK_FAILED = {
  title: 'This page could not be loaded',
  text: 'Its files did not arrive in time. Check your connection, then reload the page.',
};
export const PAGE_FAILED = {
  title: 'Something went wrong',
  text: 'This page stopped working. Reload it, or go back to the home page.',
};

/** The router's error screen: a friendly state in the academy's look instead of React Router's default. */
export function RouteError() {
  const error = useRouteError();
  const words = isChunkLoadError(error) ? CHUNK_FAILED : PAGE_FAILED;
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main id="main">
      <PageState
        kind="error"
        title={status === 404 ? 'Page not found' : words.title}
        text={status === 404 ? 'There is no page at this address.' : words.text}
        action={
          <>
            <Button onClick={() => window.location.reload()}>Reload</Button>{' '}
            <Link to={paths.home}>Go to the home page</Link>
          </>
        }
      />
    </main>
  );
}
