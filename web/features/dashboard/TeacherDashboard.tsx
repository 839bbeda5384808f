import { BookOpen, ClipboardCheck, FolderTree, Hand, Users } from 'lucide-react';
import { useAuth } from '../../auth/AuthProvider';
import { StatCards } from '../../ui/StatCard';
import { Welcome } from './Welcome';
import styles from './dashboard.module.css';

/** Teacher dashboard of staff.md 2.4: greeting, three placeholder stats and the three static activity items. */
export function TeacherDashboard() {
  const { user } = useAuth();
  const firstName = user?.teacherProfile?.firstName || user?.firstName || '';
  return (
    <div className={styles.page}>
      <Welcome title={`Welcome back, ${firstName}!`}>Your classes, students and content in one place.</Welcome>
      <StatCards
        stats={[
          { label: 'Active Courses', value: '--', icon: BookOpen },
          { label: 'Total Students', value: '--', icon: Users },
          { label: 'Pending Reviews', value: '--', icon: ClipboardCheck },
        ]}
      />
      <section className={styles.panel}>
        <h2>Recent Activity</h2>
        <ul className={styles.activity}>
          <li>
            <Hand size={20} aria-hidden="true" />
            <div>
              <strong>Welcome to your teaching dashboard</strong>
              <span>Use the sidebar to manage students, courses and questions.</span>
            </div>
          </li>
          <li>
            <Users size={20} aria-hidden="true" />
            <div>
              <strong>Student Management</strong>
              <span>View and manage all students in the system</span>
            </div>
          </li>
          <li>
            <FolderTree size={20} aria-hidden="true" />
            <div>
              <strong>Course Management</strong>
              <span>Create and organize your course content</span>
            </div>
          </li>
        </ul>
      </section>
    </div>
  );
}
