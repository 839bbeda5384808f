import { Link, useParams } from 'react-router';
import { CheckCircle2, Clock, PlayCircle } from 'lucide-react';
import { findCourse, findUnit, type Section } from '../../content/catalogue';
import { paths } from '../../paths';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Missing } from './Missing';
import { CompletionMark, DifficultyBadge, ProgressBar, Tags } from './parts';
import styles from './learn.module.css';
import { plural } from '@common/rules';

/** Overall progress of a unit: the rounded average of its sections' progress. */
export function overallProgress(sections: Section[]): number {
  if (sections.length === 0) return 0;
  return Math.round(sections.reduce((sum, s) => sum + s.progress, 0) / sections.length);
}

function sectionAction(section: Section): string {
  if (section.completed) return 'Review Section';
  return section.progress > 0 ? 'Continue Learning' : 'Start Section';
}

/** /course/{courseId}/unit/{unitId}: the sections of a unit (sample data). */
export default function SectionsPage() {
  const { courseId, unitId } = useParams();
  const course = findCourse(courseId);
  const unit = findUnit(course, unitId);
  if (!course || !unit) return <Missing what="Unit" />;
  return (
    <div className={styles.page}>
      <Breadcrumb
        trail={[
          { label: 'My Courses', to: paths.courses },
          { label: course.title, to: paths.course.href(course.id) },
          { label: `Unit ${unit.number}` },
        ]}
      />
      <header className={styles.header}>
        <div>
          <p className={styles.label}>Unit {unit.number}</p>
          <h1>{unit.title}</h1>
          <p>
            {plural(unit.sections.length, 'section')} · {unit.duration}
          </p>
        </div>
        <div className={styles.overall}>
          <ProgressBar value={overallProgress(unit.sections)} label="Overall Progress" />
        </div>
      </header>
      <div className={styles.grid}>
        {unit.sections.map((section) => (
          <article key={section.id} className={styles.card}>
            <div className={styles.cardBody}>
              <div className={styles.badges}>
                <span className={styles.badge}>Section {section.number}</span>
                {section.completed ? (
                  <span className={`${styles.badge} ${styles.Beginner}`}>
                    <CheckCircle2 size={12} aria-hidden="true" /> Completed
                  </span>
                ) : null}
                <DifficultyBadge difficulty={section.difficulty} />
              </div>
              <h2>{section.title}</h2>
              <ul className={styles.meta}>
                <li>
                  <PlayCircle size={16} aria-hidden="true" /> {plural(section.lessons.length, 'lesson')}
                </li>
                <li>
                  <Clock size={16} aria-hidden="true" /> {section.duration}
                </li>
              </ul>
              <ProgressBar value={section.progress} />
              <Tags label="Key Skills" items={section.skills} />
              <ul className={styles.lessons} aria-label="Lessons">
                {section.lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <CompletionMark done={lesson.completed} /> {lesson.title}{' '}
                    <span style={{ color: 'var(--color-muted)' }}>· {lesson.duration}</span>
                  </li>
                ))}
              </ul>
              <Link to={paths.section.href(course.id, unit.id, section.id)} className={styles.action}>
                {sectionAction(section)}
              </Link>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
