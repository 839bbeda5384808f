import { useMemo, useState } from 'react';
import { BookOpen, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Course } from '@common/schemas/courses';
import { MathText } from '../../math/MathText';
import { Button } from '../../ui/Button';
import { COURSE_PAGE_SIZES, plural, matchesSearch } from '@common/rules';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { Pagination } from '../../ui/Pagination';
import { SearchBox } from '../../ui/SearchBox';
import { useCourses } from './api';
import type { Notifier } from '../../ui/Toast';
import { usePage } from '../../ui/usePage';
import { IconTile } from '../../ui/IconTile';
import { COURSE_FORM } from './LevelFormModal';
import { failureText, formatDate } from './messages';
import { useLevelDialogs } from './useLevelDialogs';
import { ViewUnitsMenu } from './ViewUnitsMenu';
import styles from './courses.module.css';

/** The courses level: search by title, code or description, 10/20/30 per page, add, edit, delete, drill into units. */
export function CoursesView({
  admin,
  notify,
  onManageUnits,
}: {
  admin: boolean;
  notify: Notifier;
  onManageUnits(course: Course): void;
}) {
  const courses = useCourses(admin);
  const manage = useLevelDialogs({ level: COURSE_FORM, parent: null, notify });
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(10);
  const { page, setPage, firstPageAfter } = usePage();

  const filtered = useMemo(
    () => (courses.data ?? []).filter((c) => matchesSearch(search, c.title, c.code, c.description)),
    [courses.data, search],
  );
  const pages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, pages);
  const shown = filtered.slice((current - 1) * pageSize, current * pageSize);

  if (courses.isPending) return <PageState kind="loading" title="Loading course management..." />;
  if (courses.isError)
    return (
      <PageState
        kind="error"
        title={failureText(courses.error, 'load', 'course')}
        action={<Button onClick={() => void courses.refetch()}>Try Again</Button>}
      />
    );

  return (
    <section aria-label="Courses">
      <div className={styles.controls}>
        <SearchBox
          label="Search courses by title, code or description"
          value={search}
          onChange={firstPageAfter(setSearch)}
        />
        <div className={styles.controlsAction}>
          <Button onClick={manage.add} icon={Plus}>
            Add Course
          </Button>
        </div>
      </div>
      {shown.length === 0 ? (
        <EmptyState
          title="No courses available"
          text={search ? 'No course matches your search.' : 'Create the first course, then add its units and sections.'}
        />
      ) : (
        <ul className={styles.cards}>
          {shown.map((course) => (
            <li key={course.id} className={styles.card}>
              <IconTile icon={BookOpen} />
              <div className={styles.cardMain}>
                <h2 className={styles.cardTitle}>{course.title}</h2>
                <p className={styles.meta}>
                  <span className={styles.code}>{course.code}</span>
                  <span>{plural(course.unitCount, 'unit')}</span>
                  <span>Created {formatDate(course.createdAt)}</span>
                </p>
                {course.description ? (
                  <p className={styles.description}>
                    <MathText text={course.description} />
                  </p>
                ) : null}
              </div>
              <div className={styles.actions}>
                <ViewUnitsMenu course={course} />
                <Button size="sm" onClick={() => onManageUnits(course)} icon={Layers}>
                  Manage Units
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => manage.edit(course)}
                  aria-label={`Edit ${course.title}`}
                  icon={Pencil}
                >
                  Edit
                </Button>
                {/* Deleting a course is an admin's (the server refuses anyone else). */}
                {admin ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    className={styles.dangerGhost}
                    onClick={() => manage.remove(course)}
                    aria-label={`Delete ${course.title}`}
                    icon={Trash2}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {filtered.length ? (
        <Pagination
          page={current}
          pageSize={pageSize}
          total={filtered.length}
          pageSizes={COURSE_PAGE_SIZES}
          noun="courses"
          onPage={setPage}
          onPageSize={firstPageAfter(setPageSize)}
        />
      ) : null}

      {manage.dialogs}
    </section>
  );
}
