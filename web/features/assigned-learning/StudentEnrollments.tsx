import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { ENROLLMENT_STATUS_LABELS, ENROLLMENT_MESSAGES, PAYMENT_METHOD_LABELS } from '@common/rules';
import { ENROLLMENT_TONES, useFamilyEnrollments } from '../../api/cart';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import styles from './student.module.css';

/**
 * The courses the student (or their parent) enrolled them in, with where each stands; an open one leads to My
 * Courses. A student whose courses all come from their teacher has none, and sees nothing of it.
 */
export function StudentEnrollments() {
  const enrollments = useFamilyEnrollments();
  if (enrollments.isError)
    return (
      <p className={styles.muted} role="alert">
        {errorMessage(enrollments.error, ENROLLMENT_MESSAGES.enrollmentsLoadFailed)}
      </p>
    );
  if (!enrollments.data?.length) return null;
  return (
    <section className={styles.card} aria-labelledby="student-enrollments">
      <h2 className={styles.cardTitle} id="student-enrollments">
        <GraduationCap size={18} aria-hidden="true" /> Your enrollments
      </h2>
      <ul className={styles.enrollments}>
        {enrollments.data.map((e) => (
          <li key={e.id}>
            <div>
              <Link to={paths.offering.href(e.offering.slug)}>{e.offering.title}</Link>
              <span className={styles.muted}>{PAYMENT_METHOD_LABELS[e.method]}</span>
            </div>
            <Badge tone={ENROLLMENT_TONES[e.status]}>{ENROLLMENT_STATUS_LABELS[e.status]}</Badge>
            {e.status === 'active' ? (
              <ButtonLink size="sm" to={paths.myCourses} aria-label={`Open ${e.offering.title} in My Courses`}>
                Open
              </ButtonLink>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
