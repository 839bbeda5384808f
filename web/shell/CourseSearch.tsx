import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { useOfferingSearch } from '../api/offerings';
import { paths } from '../paths';
import { useDebounced } from '../ui/useDebounced';
import styles from './CourseSearch.module.css';

const MAX_RESULTS = 5;

/**
 * The top bar's course search: the published offerings whose name or program matches appear below as links; Enter
 * opens the first. The server searches once the visitor stops typing.
 */
export function CourseSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const resultsId = useId();
  const settled = useDebounced(query, 200);
  const search = useOfferingSearch(settled, open);
  const matches = (search.data ?? []).slice(0, MAX_RESULTS);
  const showResults = open && query.trim().length > 0 && search.data !== undefined;

  const done = () => {
    setQuery('');
    setOpen(false);
    onNavigate?.();
  };

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        if (matches[0]) {
          navigate(paths.offering.href(matches[0].slug));
          done();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <Search size={18} aria-hidden="true" className={styles.icon} />
      <input
        type="search"
        value={query}
        placeholder="Looking for a course?"
        aria-label="Search courses"
        aria-controls={resultsId}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      <div id={resultsId} className={styles.results} hidden={!showResults}>
        <p className="visually-hidden" aria-live="polite">
          {showResults ? `${matches.length} ${matches.length === 1 ? 'course' : 'courses'} found` : ''}
        </p>
        {matches.length > 0 ? (
          <ul aria-label="Matching courses">
            {matches.map((offering) => (
              <li key={offering.id}>
                <Link to={paths.offering.href(offering.slug)} onClick={done}>
                  <strong>{offering.title}</strong>
                  <span>
                    {offering.programName} · {offering.gradeBand}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.none}>No courses match &ldquo;{query.trim()}&rdquo;.</p>
        )}
      </div>
    </form>
  );
}
