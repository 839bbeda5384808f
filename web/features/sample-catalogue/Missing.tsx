import { Link } from 'react-router';
import { paths } from '../../paths';
import { EmptyState } from '../../ui/EmptyState';
import styles from './learn.module.css';

/** An unknown course, unit, section or lesson id: say so and lead back to the list. */
export function Missing({ what }: { what: string }) {
  return (
    <div className={styles.page}>
      <EmptyState
        title={`${what} not found`}
        text="It may have moved, or the link may be mistyped."
        action={<Link to={paths.courses}>Back to My Courses</Link>}
      />
    </div>
  );
}
