import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CourseViewer } from './CourseViewer';
import { StudentCourses } from './StudentCourses';
import { StudentDashboard } from './StudentDashboard';
import styles from './student.module.css';

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
      {inCourses && openCourse ? <CourseViewer courseId={openCourse} onBack={() => setOpenCourse(null)} /> : null}
    </div>
  );
}
