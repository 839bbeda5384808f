import { useId, useState } from 'react';
import type { Course } from '../content/catalogue';
import { Link, useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { paths } from '../paths';
import styles from './CourseSearch.module.css';

const MAX_RESULTS = 5;

/** The top bar's course search: matches from the catalogue appear below as links; Enter opens the first. */
export function CourseSearch({ onNavigate }: { onNavigate?: () => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const resultsId = useId();
  // The catalogue loads when the visitor first focuses the box, not with every page.
  const [search, setSearch] = useState<((q: string) => Course[]) | null>(null);
  const loadCatalogue = () => {
    if (!search) void import('../content/catalogue').then((m) => setSearch(() => m.searchCourses));
  };
  const matches = search ? search(query).slice(0, MAX_RESULTS) : [];
  const showResults = open && search !== null && query.trim().length > 0;

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
          navigate(paths.course.href(matches[0].id));
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
        onFocus={() => {
          loadCatalogue();
          setOpen(true);
        }}
      />
      <div id={resultsId} className={styles.results} hidden={!showResults}>
        <p className="visually-hidden" aria-live="polite">
          {showResults ? `${matches.length} ${matches.length === 1 ? 'course' : 'courses'} found` : ''}
        </p>
        {matches.length > 0 ? (
          <ul aria-label="Matching courses">
            {matches.map((course) => (
              <li key={course.id}>
                <Link to={paths.course.href(course.id)} onClick={done}>
                  <strong>{course.title}</strong>
                  <span>
                    {course.level} · {course.grades}
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
