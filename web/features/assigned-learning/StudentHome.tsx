import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { lazyPage } from '../../lazyPage';
import { PageState } from '../../ui/PageState';
import { StudentCourses } from './StudentCourses';
import { StudentDashboard } from './StudentDashboard';
import styles from './student.module.css';

// The viewer brings the math renderer and the exercises: loaded when a course is opened, not with the dashboard.
const CourseViewer = lazyPage(() => import('./CourseViewer').then((m) => ({ default: m.CourseViewer })));

/**
 * The student's /dashboard: the Dashboard section, or My Courses (`?section=courses`) with the course viewer
 * opened in place. The role sidebar of the page shell switches between them; its other sections are coming soon.
 */
export default function StudentHome() {
  const [params, setParams] = useSearchParams();
  const [openCourse, setOpenCourse] = useState<string | null>(null);
  const inCourses = params.get('section') === 'courses';

  return (
    <div className={styles.main}>
      {!inCourses ? <StudentDashboard onOpenCourses={() => setParams({ section: 'courses' })} /> : null}
      {inCourses && !openCourse ? <StudentCourses onOpen={setOpenCourse} /> : null}
      {inCourses && openCourse ? (
        <Suspense fallback={<PageState kind="loading" title="Loading..." />}>
          <CourseViewer courseId={openCourse} onBack={() => setOpenCourse(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
