import { PageFrame } from '../../ui/PageFrame';
import { CalendarBoard } from './CalendarBoard';
import { FeedPanel } from './FeedPanel';
import styles from './calendar.module.css';

/** The teacher's Calendar: the due dates of the classes they teach and their tests' windows, with class names. */
export default function TeacherSchedulePage() {
  return (
    <PageFrame title="Calendar" lead="Due dates and test windows of the classes you teach.">
      <div className={styles.stack}>
        <CalendarBoard label="Your classes' due dates and tests" />
        <FeedPanel />
      </div>
    </PageFrame>
  );
}
