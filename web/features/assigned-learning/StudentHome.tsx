import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../paths';
import { StudentCourses } from './StudentCourses';
import { StudentDashboard } from './StudentDashboard';
import styles from './student.module.css';

/**
 * The student's /dashboard: the Dashboard section, or My Courses (`?section=courses`). A course opens at its own
 * address (StudentCoursePage). The role sidebar of the page shell switches between them; its other sections are
 * coming soon.
 */
export default function StudentHome() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const inCourses = params.get('section') === 'courses';

  return (
    <div className={styles.main}>
      {inCourses ? (
        <StudentCourses onOpen={(courseId) => void navigate(paths.studentCourse.href(courseId))} />
      ) : (
        <StudentDashboard onOpenCourses={() => setParams({ section: 'courses' })} />
      )}
    </div>
  );
}
