import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { findCourse, findSection, findUnit, type Lesson } from '../../content/catalogue';
import { paths } from '../../paths';
import { PageState } from '../../ui/PageState';
import { ExercisePanel } from './ExercisePanel';
import { Lecture } from './Lecture';
import { Missing } from './Missing';
import { VideoPlayer } from './VideoPlayer';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { Tabs } from '../../ui/Tabs';
import learn from './learn.module.css';
import styles from './lesson.module.css';

/** Loading the lesson (sample data) is simulated for one second. */
export const LESSON_LOAD_DELAY_MS = 1000;
type Tab = 'Video' | 'Lecture' | 'Exercise';

/** The lesson's three tabs, each a view of the same lesson. */
const lessonTabs = (lesson: Lesson): Array<{ value: Tab; label: string; content: ReactNode }> => [
  { value: 'Video', label: 'Video', content: <VideoPlayer title={lesson.title} duration={lesson.duration} /> },
  { value: 'Lecture', label: 'Lecture', content: <Lecture pages={lesson.lecture} /> },
  { value: 'Exercise', label: 'Exercise', content: <ExercisePanel exercises={lesson.exercises} /> },
];

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
          { label: course.title, to: paths.course.href(course.id) },
          { label: section.title, to: paths.section.href(course.id, unit.id, section.id) },
          { label: lesson.title },
        ]}
      />
      <h1 className={styles.title}>{lesson.title}</h1>
      <Tabs label="Lesson" value={tab} onChange={setTab} panelClassName={styles.panel} tabs={lessonTabs(lesson)} />
    </div>
  );
}
