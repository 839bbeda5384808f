import { useNavigate, useParams } from 'react-router';
import { LESSON_TABS, paths, type LessonTab } from '../../paths';
import { CourseViewer } from './CourseViewer';
import styles from './student.module.css';

/**
 * A student's course at its own address: `/dashboard/courses/:courseId`, and a section of it on a tab at
 * `.../sections/:sectionId/:tab`, so reload, Back and links keep the place. An unknown tab is the Content tab.
 */
export default function StudentCoursePage() {
  const { courseId = '', sectionId, tab } = useParams();
  const navigate = useNavigate();
  const lessonTab: LessonTab = LESSON_TABS.includes(tab as LessonTab) ? (tab as LessonTab) : 'content';
  return (
    <div className={styles.main}>
      <CourseViewer
        key={courseId}
        courseId={courseId}
        sectionId={sectionId ?? null}
        tab={lessonTab}
        onBack={() => void navigate(paths.dashboardSection('courses'))}
        onPlace={(place) =>
          void navigate(
            place.sectionId
              ? paths.studentSection.href(courseId, place.sectionId, place.tab)
              : paths.studentCourse.href(courseId),
          )
        }
      />
    </div>
  );
}
