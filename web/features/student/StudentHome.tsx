import { useState } from 'react';
import { BookOpen, CalendarDays, ClipboardList, FolderOpen, GraduationCap, LayoutDashboard, UserRound, type LucideIcon } from 'lucide-react';
import { PageState } from '../../ui/PageState';
import { CourseViewer } from './CourseViewer';
import { StudentCourses } from './StudentCourses';
import { StudentDashboard } from './StudentDashboard';
import styles from './student.module.css';

type SectionKey = 'dashboard' | 'courses' | 'assignments' | 'grades' | 'profile' | 'calendar' | 'resources';

/** The student sidebar of learner-and-public.md section 2, in its order. */
const SECTIONS: ReadonlyArray<{ key: SectionKey; label: string; icon: LucideIcon }> = [
  { key: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { key: 'courses', label: 'My Courses', icon: BookOpen },
  { key: 'assignments', label: 'Assignments', icon: ClipboardList },
  { key: 'grades', label: 'Grades', icon: GraduationCap },
  { key: 'profile', label: 'Profile', icon: UserRound },
  { key: 'calendar', label: 'Calendar', icon: CalendarDays },
  { key: 'resources', label: 'Resources', icon: FolderOpen },
];

/**
 * The student dashboard: sidebar sections switched in place, and the course viewer opened from My Courses.
 * The shared sidebar frame comes from the page shell; until then this page carries its own section list.
 */
export default function StudentHome() {
  const [section, setSection] = useState<SectionKey>('dashboard');
  const [openCourse, setOpenCourse] = useState<string | null>(null);
  const choose = (key: SectionKey) => {
    setSection(key);
    setOpenCourse(null);
  };
  const current = SECTIONS.find((s) => s.key === section)!;

  return (
    <div className={styles.home}>
      <nav className={styles.sidebar} aria-label="Student sections">
        {SECTIONS.map(({ key, label, icon: Icon }) => (
          <button key={key} type="button" className={styles.navItem} aria-current={key === section ? 'page' : undefined} onClick={() => choose(key)}>
            <Icon size={18} aria-hidden="true" />
            <span>{label}</span>
          </button>
        ))}
      </nav>
      <main className={styles.main}>
        {section === 'dashboard' ? <StudentDashboard onOpenCourses={() => choose('courses')} /> : null}
        {section === 'courses' && !openCourse ? <StudentCourses onOpen={setOpenCourse} /> : null}
        {section === 'courses' && openCourse ? <CourseViewer courseId={openCourse} onBack={() => setOpenCourse(null)} /> : null}
        {section !== 'dashboard' && section !== 'courses' ? (
          <PageState kind="empty" title={`${current.label} coming soon`} text={`${current.label} is coming soon. We are building it for you.`} />
        ) : null}
      </main>
    </div>
  );
}
