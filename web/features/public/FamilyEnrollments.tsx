import { Link } from 'react-router';
import { ENROLLMENT_MESSAGES, ENROLLMENT_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@common/rules';
import type { FamilyEnrollment } from '@common/schemas/enrollments';
import { ENROLLMENT_TONES, useFamilyEnrollments } from '../../api/cart';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import styles from './public.module.css';

/**
 * The family's enrollments after checking out, newest first, with the way on: a student opens their courses, a
 * parent their child's progress. `enrollments` is given by a page that reads them itself (the payment's page polls).
 */
export function FamilyEnrollments({ enrollments }: { enrollments?: FamilyEnrollment[] }) {
  const { user } = useAuth();
  const read = useFamilyEnrollments({ enabled: enrollments === undefined });
  const list = enrollments ?? read.data;
  const student = user?.type === 'student';
  return (
    <section className={styles.card} aria-labelledby="your-enrollments" style={{ marginTop: 'var(--space-5)' }}>
      <h2 id="your-enrollments">Your enrollments</h2>
      {!list ? (
        <p role={read.isError ? 'alert' : 'status'}>
          {read.isError
            ? errorMessage(read.error, ENROLLMENT_MESSAGES.enrollmentsLoadFailed)
            : 'Loading your enrollments...'}
        </p>
      ) : list.length === 0 ? (
        <p>No enrollments yet.</p>
      ) : (
        <ul className={styles.enrollmentList}>
          {list.map((e) => (
            <li key={e.id}>
              <div>
                <Link to={paths.offering.href(e.offering.slug)}>{e.offering.title}</Link>
                <span>
                  {student ? '' : `${e.student.name} · `}
                  {PAYMENT_METHOD_LABELS[e.method]}
                </span>
              </div>
              <Badge tone={ENROLLMENT_TONES[e.status]}>{ENROLLMENT_STATUS_LABELS[e.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.doneActions}>
        {student ? <ButtonLink to={paths.myCourses}>Go to My Courses</ButtonLink> : null}
        <ButtonLink to={paths.dashboard} variant={student ? 'secondary' : 'primary'}>
          Go to your dashboard
        </ButtonLink>
      </div>
    </section>
  );
}
