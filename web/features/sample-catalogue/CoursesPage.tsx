import { Link, useSearchParams } from 'react-router';
import { BookOpen, Clock, Layers, Star, Users } from 'lucide-react';
import { LEVELS, courses, type Course } from '../../content/catalogue';
import { paths } from '../../paths';
import { CourseArt } from '../../ui/CourseArt';
import { EmptyState } from '../../ui/EmptyState';
import { DifficultyBadge, ProgressBar } from './parts';
import styles from './learn.module.css';
import { plural } from '@common/rules';

const TABS: Array<{ label: string; test: (c: Course) => boolean }> = [
  { label: 'All Courses', test: () => true },
  { label: 'My Courses', test: (c) => c.enrolled },
  { label: 'Available', test: (c) => !c.enrolled },
  ...LEVELS.map((level) => ({ label: level, test: (c: Course) => c.level === level })),
];

function CourseCard({ course }: { course: Course }) {
  return (
    <article className={styles.card}>
      <CourseArt motif={course.motif} className={styles.cardArt} />
      {course.enrolled ? <span className={styles.enrolledBadge}>Enrolled</span> : null}
      <div className={styles.cardBody}>
        <div className={styles.badges}>
          <DifficultyBadge difficulty={course.difficulty} />
          <span className={styles.badge}>{course.level}</span>
        </div>
        <h2>
          <Link
            to={paths.course.href(course.id)}
            className={styles.stretch}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            {course.title}
          </Link>
        </h2>
        <p>{course.description}</p>
        <ul className={styles.meta}>
          <li>
            <Layers size={16} aria-hidden="true" /> {plural(course.units.length, 'unit')}
          </li>
          <li>
            <Clock size={16} aria-hidden="true" /> {course.duration}
          </li>
          <li>
            <Users size={16} aria-hidden="true" /> {course.students.toLocaleString('en-US')} students
          </li>
        </ul>
        {course.enrolled && course.progress > 0 ? <ProgressBar value={course.progress} /> : null}
        <div className={styles.footerRow}>
          <span className={styles.rating}>
            <Star size={16} fill="currentColor" aria-hidden="true" /> {course.rating.toFixed(1)}
          </span>
          {course.enrolled ? (
            <span className={styles.action} aria-hidden="true">
              <BookOpen size={16} /> Continue Learning
            </span>
          ) : (
            <span className={styles.price}>${course.price}</span>
          )}
        </div>
      </div>
    </article>
  );
}

/** /courses: the learner's course list (sample data) with its filter tabs. */
export default function CoursesPage() {
  const [params, setParams] = useSearchParams();
  const active = TABS.find((t) => t.label === params.get('tab')) ?? TABS[0];
  const shown = courses.filter(active.test);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>My Courses</h1>
          <p>Continue where you left off, or find your next course.</p>
        </div>
      </header>
      <div className={styles.tabs} role="group" aria-label="Filter courses">
        {TABS.map((tab) => (
          <button
            key={tab.label}
            type="button"
            aria-pressed={tab === active}
            onClick={() => setParams(tab === TABS[0] ? {} : { tab: tab.label }, { replace: true })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <div className={styles.empty}>
          <EmptyState title="No courses found" text="Try adjusting your filters or browse all available courses" />
        </div>
      ) : (
        <div className={styles.grid}>
          {shown.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </div>
      )}
    </div>
  );
}
