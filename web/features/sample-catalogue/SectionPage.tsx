import { Link, useParams } from 'react-router';
import { Clock, PlayCircle } from 'lucide-react';
import { findCourse, findSection, findUnit } from '../../content/catalogue';
import { paths } from '../../paths';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Missing } from './Missing';
import { CompletionMark, DifficultyBadge, ProgressBar, Tags } from './parts';
import styles from './learn.module.css';
import { plural } from '@common/rules';

/**
 * /course/{c}/unit/{u}/section/{s}: the sample catalogue's section cards link here; rather than a dead end, it
 * shows the section and its lessons.
 */
export default function SectionPage() {
  const { courseId, unitId, sectionId } = useParams();
  const course = findCourse(courseId);
  const unit = findUnit(course, unitId);
  const section = findSection(unit, sectionId);
  if (!course || !unit || !section) return <Missing what="Section" />;
  return (
    <div className={styles.page}>
      <Breadcrumb
        trail={[
          { label: 'My Courses', to: paths.courses },
          { label: course.title, to: paths.course.href(course.id) },
          { label: `Unit ${unit.number}`, to: paths.unit.href(course.id, unit.id) },
          { label: section.title },
        ]}
      />
      <header className={styles.header}>
        <div>
          <p className={styles.label}>
            Section {unit.number}.{section.number}
          </p>
          <h1>{section.title}</h1>
          <div className={styles.badges}>
            <DifficultyBadge difficulty={section.difficulty} />
            <span className={styles.badge}>{section.duration}</span>
          </div>
        </div>
        <div className={styles.overall}>
          <ProgressBar value={section.progress} />
        </div>
      </header>
      <div className={styles.grid}>
        {section.lessons.map((lesson, i) => (
          <article key={lesson.id} className={styles.card}>
            <div className={styles.cardBody}>
              <div className={styles.badges}>
                <span className={styles.badge}>Lesson {i + 1}</span>
                <CompletionMark done={lesson.completed} />
              </div>
              <h2>{lesson.title}</h2>
              <ul className={styles.meta}>
                <li>
                  <Clock size={16} aria-hidden="true" /> {lesson.duration}
                </li>
                <li>
                  <PlayCircle size={16} aria-hidden="true" /> {plural(lesson.exercises.length, 'exercise')}
                </li>
              </ul>
              <Link to={paths.lesson.href(course.id, unit.id, section.id, lesson.id)} className={styles.action}>
                {lesson.completed ? 'Review Lesson' : 'Start Lesson'}
              </Link>
            </div>
          </article>
        ))}
      </div>
      <div style={{ marginTop: 'var(--space-5)' }}>
        <Tags label="Key Skills" items={section.skills} />
      </div>
    </div>
  );
}
