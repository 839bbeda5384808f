import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { findCourse, findSection, findUnit } from '../../content/catalogue';
import { paths } from '../../paths';
import { PageState } from '../../ui/PageState';
import { ExercisePanel } from './ExercisePanel';
import { Lecture } from './Lecture';
import { Missing } from './Missing';
import { VideoPlayer } from './VideoPlayer';
import { Breadcrumb } from './parts';
import learn from './learn.module.css';
import styles from './lesson.module.css';

/** The spec simulates loading the lesson for one second. */
export const LESSON_LOAD_DELAY_MS = 1000;
const TABS = ['Video', 'Lecture', 'Exercise'] as const;
type Tab = (typeof TABS)[number];

/** The lesson page (sample data): Video, Lecture and Exercise tabs under the breadcrumb. */
export default function LessonPage() {
  const { courseId, unitId, sectionId, lessonId } = useParams();
  const [loading, setLoading] = useState(true);
  const [tab, setTab] = useState<Tab>('Video');
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), LESSON_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (loading) return <PageState kind="loading" title="Loading lesson..." />;
  const course = findCourse(courseId);
  const unit = findUnit(course, unitId);
  const section = findSection(unit, sectionId);
  const lesson = section?.lessons.find((l) => l.id === lessonId);
  if (!course || !unit || !section || !lesson) return <Missing what="Lesson" />;

  return (
    <div className={learn.page}>
      <Breadcrumb
        trail={[
          { label: 'My Courses', to: paths.courses },
          { label: course.title, to: paths.course(course.id) },
          { label: section.title, to: paths.section(course.id, unit.id, section.id) },
          { label: lesson.title },
        ]}
      />
      <h1 className={styles.title}>{lesson.title}</h1>
      <div role="tablist" aria-label="Lesson" className={styles.tabs}>
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" id={`tab-${t}`} aria-controls="lesson-panel" aria-selected={tab === t} onClick={() => setTab(t)}>
            {t}
          </button>
        ))}
      </div>
      <section role="tabpanel" id="lesson-panel" aria-labelledby={`tab-${tab}`} className={styles.panel}>
        {tab === 'Video' ? <VideoPlayer title={lesson.title} duration={lesson.duration} /> : null}
        {tab === 'Lecture' ? <Lecture pages={lesson.lecture} /> : null}
        {tab === 'Exercise' ? <ExercisePanel exercises={lesson.exercises} /> : null}
      </section>
    </div>
  );
}
