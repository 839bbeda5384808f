import { Link, useParams } from 'react-router';
import { Clock, Layers, PlayCircle } from 'lucide-react';
import { findCourse, lessonCount, unitLessonCount } from '../../content/catalogue';
import { paths } from '../../paths';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Missing } from './Missing';
import { DifficultyBadge, ProgressBar, Tags } from './parts';
import styles from './learn.module.css';
import { plural } from '@common/rules';

/** /course/{courseId}: the units of a course (sample data). */
export default function UnitsPage() {
  const { courseId } = useParams();
  const course = findCourse(courseId);
  if (!course) return <Missing what="Course" />;
  return (
    <div className={styles.page}>
      <Breadcrumb trail={[{ label: 'My Courses', to: paths.courses }, { label: course.title }]} />
      <header className={styles.header}>
        <div>
          <h1>{course.title}</h1>
          <p>{course.description}</p>
        </div>
        <ul className={styles.facts} aria-label="Course facts">
          <li>
            <strong>{course.units.length}</strong>
            <span>Total units</span>
          </li>
          <li>
            <strong>{lessonCount(course)}</strong>
            <span>Lessons</span>
          </li>
          <li>
            <strong>{course.duration}</strong>
            <span>Estimated time</span>
          </li>
        </ul>
      </header>
      <div className={styles.grid}>
        {course.units.map((unit) => (
          <article key={unit.id} className={styles.card}>
            <div className={styles.cardBody}>
              <div className={styles.badges}>
                <span className={styles.badge}>Unit {unit.number}</span>
                <DifficultyBadge difficulty={unit.difficulty} />
              </div>
              <h2>{unit.title}</h2>
              <ul className={styles.meta}>
                <li>
                  <Layers size={16} aria-hidden="true" /> {plural(unit.sections.length, 'section')}
                </li>
                <li>
                  <PlayCircle size={16} aria-hidden="true" /> {plural(unitLessonCount(unit), 'lesson')}
                </li>
                <li>
                  <Clock size={16} aria-hidden="true" /> {unit.duration}
                </li>
              </ul>
              {unit.progress > 0 ? <ProgressBar value={unit.progress} /> : null}
              <Tags label="Topics Covered" items={unit.topics} />
              <Link to={paths.unit.href(course.id, unit.id)} className={styles.action}>
                {unit.progress > 0 ? 'Continue Learning' : 'Start Unit'}
              </Link>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
