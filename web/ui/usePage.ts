import { useState } from 'react';

/**
 * The page a paged list shows, and `firstPageAfter`, which wraps the setter of anything that changes what the list
 * holds (a search, a filter, the page size) so that setting it also goes back to page 1.
 */
export function usePage() {
  const [page, setPage] = useState(1);
  const firstPageAfter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, firstPageAfter };
}
