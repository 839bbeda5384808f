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
import { useCourseDeletePreview, useCourses, useDeleteCourse } from './api';
import type { Notifier } from '../../ui/Toast';
import { usePage } from '../../ui/usePage';
import { IconTile } from '../../ui/IconTile';
import { ConfirmDelete } from './ConfirmDelete';
import { CourseFormModal } from './CourseFormModal';
import { failureText, formatDate, successText } from './messages';
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
  const remove = useDeleteCourse();
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(10);
  const { page, setPage, firstPageAfter } = usePage();
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Course | null>(null);
  const preview = useCourseDeletePreview(deleting?.id ?? null);

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
          <Button onClick={() => setEditing('new')} icon={Plus}>
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
                  onClick={() => setEditing(course)}
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
                    onClick={() => setDeleting(course)}
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

      {editing ? (
        <CourseFormModal
          course={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            notify.success(successText('course', created ? 'created' : 'updated'));
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDelete
          entity="course"
          name={deleting.title}
          busy={remove.isPending}
          reach={{
            text: preview.isError ? failureText(preview.error, 'load', 'course') : preview.data?.message,
            pending: preview.isPending,
          }}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => notify.success(successText('course', 'deleted')),
              onError: (error) => notify.error(failureText(error, 'delete', 'course')),
              onSettled: () => setDeleting(null),
            })
          }
        />
      ) : null}
    </section>
  );
}
