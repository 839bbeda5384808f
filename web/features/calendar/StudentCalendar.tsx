import { CalendarDays } from 'lucide-react';
import { CalendarBoard } from './CalendarBoard';
import { FeedPanel } from './FeedPanel';
import styles from './calendar.module.css';

/** The student's Calendar section: their sections' due dates and their tests' windows, and the calendar link. */
export default function StudentCalendar() {
  return (
    <section className={styles.page} aria-labelledby="student-calendar-title">
      <h1 id="student-calendar-title" className={styles.title}>
        <CalendarDays size={24} aria-hidden="true" /> Calendar
      </h1>
      <CalendarBoard label="Your due dates and tests" />
      <FeedPanel />
    </section>
  );
}
