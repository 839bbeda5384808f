import { Sparkles } from 'lucide-react';
import { useLocation } from 'react-router';
import styles from './dashboard.module.css';

/**
 * Staff pages whose screens come later: the spec's "Coming Soon!" for admin analytics and settings, teacher grades
 * and schedule, and, until their issues land, the sidebar's other staff entries.
 */
const titles: Record<string, string> = {
  '/course-management': 'Course Management',
  '/question-bank': 'Question Bank',
  '/question-assignment': 'Question Assignment',
  '/course-assignment': 'Course Assignment',
  '/manage-users': 'Manage Users',
  '/register-users': 'Register Users',
  '/admin-analytics': 'Analytics',
  '/admin-settings': 'Settings',
  '/teacher-grade': 'Grades',
  '/teacher-schedule': 'Calendar',
};

export default function ComingSoonPage() {
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <section className={`${styles.panel} ${styles.soon}`}>
        <Sparkles size={40} aria-hidden="true" color="var(--color-accent-strong)" />
        <h1>{titles[pathname] ?? 'This page'}</h1>
        <p>Coming Soon!</p>
      </section>
    </div>
  );
}
