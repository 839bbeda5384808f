import { useMemo, useState } from 'react';
import { BookOpen, Search } from 'lucide-react';
import type { CourseProgress, StudentCourse } from '@common/schemas/learning';
import { errorMessage } from '../../api/client';
import { MathText } from '../../math/MathText';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { ProgressBar } from '../../ui/ProgressBar';
import { IconTile } from '../../ui/IconTile';
import { useStudentCourses, useStudentStats } from './api';
import { courseProgressText, matchesSearch } from '@common/rules';
import styles from './student.module.css';

/** Search matches name, description or code, ignoring case. */
function matches(course: StudentCourse, search: string, type: string): boolean {
  return matchesSearch(search, course.name, course.description, course.code) && matchesSearch(type, course.code);
}

/** My Courses: the assigned courses with search, the course-type filter built from code prefixes, and their states. */
export function StudentCourses({ onOpen }: { onOpen(courseId: string): void }) {
  const courses = useStudentCourses();
  const stats = useStudentStats();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const all = useMemo(() => courses.data ?? [], [courses.data]);
  // The filter's options are the first 2 characters of the course codes, each shown by the names of its courses:
  // "SS" alone tells a learner nothing.
  const types = useMemo(() => {
    const named = new Map<string, string[]>();
    for (const c of all) {
      const prefix = c.code.slice(0, 2).toUpperCase();
      if (prefix) named.set(prefix, [...(named.get(prefix) ?? []), c.name]);
    }
    return [...named]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([value, names]) => ({ value, label: names.sort().join(', ') }));
  }, [all]);
  const shown = all.filter((c) => matches(c, search, type));

  if (courses.isPending) return <PageState kind="loading" title="Loading your courses..." />;
  if (courses.isError) {
    return (
      <PageState
        kind="error"
        title="Error loading courses"
        text={errorMessage(courses.error, 'Failed to load courses')}
        action={<Button onClick={() => void courses.refetch()}>Try Again</Button>}
      />
    );
  }
  if (all.length === 0) {
    return (
      <EmptyState
        title="No Courses Assigned"
        text="You don't have any courses yet. Please contact your administrator to get enrolled."
      />
    );
  }

  return (
    <div className={styles.stack}>
      <header>
        <h1 className={styles.title}>My Courses</h1>
        <p className={styles.lead}>The courses your teachers assigned to you.</p>
      </header>
      <div className={styles.filters}>
        <div className={styles.searchField}>
          <Search className={styles.searchIcon} size={18} aria-hidden="true" />
          <TextField
            label="Search my courses"
            type="search"
            placeholder="Search by name, description or code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <SelectField
          label="Course type"
          value={type}
          onChange={(e) => setType(e.target.value)}
          placeholder="All types"
          options={types}
        />
        <Button
          variant="secondary"
          onClick={() => {
            setSearch('');
            setType('');
          }}
          disabled={!search && !type}
        >
          Clear Filters
        </Button>
      </div>
      <p className={styles.muted} role="status">
        Showing {shown.length} of {all.length} courses
      </p>
      {shown.length === 0 ? (
        <EmptyState
          title="No Courses Found"
          text="No course matches your search. Try other words or clear the filters."
        />
      ) : (
        <ul className={styles.courseGrid}>
          {shown.map((course) => (
            <li key={course.id} className={styles.courseCard}>
              <IconTile icon={BookOpen} tone="accent" />
              <p className={styles.courseCode}>{course.code}</p>
              <h2 className={styles.courseName}>{course.name}</h2>
              <p className={styles.courseDescription}>
                <MathText text={course.description} />
              </p>
              {stats.data ? (
                <CardProgress name={course.name} progress={stats.data.courses.find((c) => c.courseId === course.id)} />
              ) : null}
              <Button onClick={() => onOpen(course.id)} aria-label={`View Course ${course.name}`}>
                View Course
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CardProgress({ name, progress }: { name: string; progress: CourseProgress | undefined }) {
  return (
    <div className={styles.cardProgress}>
      <ProgressBar
        label={`${name} progress`}
        value={progress?.sectionsDone ?? 0}
        max={progress?.sectionsWithExercises ?? 0}
        text={courseProgressText(progress)}
      />
    </div>
  );
}
