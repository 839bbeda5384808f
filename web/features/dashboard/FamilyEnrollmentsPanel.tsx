import { Link } from 'react-router';
import { GraduationCap } from 'lucide-react';
import { ENROLLMENT_MESSAGES, ENROLLMENT_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@common/rules';
import type { FamilyEnrollment } from '@common/schemas/enrollments';
import { ENROLLMENT_TONES, useFamilyEnrollments } from '../../api/cart';
import { errorMessage } from '../../api/client';
import { paths } from '../../paths';
import { Badge } from '../../ui/Badge';
import { ButtonLink } from '../../ui/Button';
import type { Column } from '../../ui/Table';
import { Table } from '../../ui/Table';
import styles from './dashboard.module.css';

const COLUMNS: ReadonlyArray<Column<FamilyEnrollment>> = [
  {
    header: 'Course',
    interactive: true,
    cell: (e) => <Link to={paths.offering.href(e.offering.slug)}>{e.offering.title}</Link>,
  },
  { header: 'Student', cell: (e) => e.student.name },
  {
    header: 'Status',
    cell: (e) => <Badge tone={ENROLLMENT_TONES[e.status]}>{ENROLLMENT_STATUS_LABELS[e.status]}</Badge>,
  },
  { header: 'Payment', cell: (e) => PAYMENT_METHOD_LABELS[e.method], hideWhenNarrow: true },
  {
    header: 'Open',
    interactive: true,
    cell: (e) =>
      e.status === 'active' ? (
        <ButtonLink
          size="sm"
          variant="secondary"
          to={paths.childReport(e.student.id)}
          aria-label={`Progress of ${e.student.name} in ${e.offering.title}`}
        >
          See progress
        </ButtonLink>
      ) : e.status === 'pending' && e.method === 'academy' ? (
        <span className={styles.muted}>Opens once paid</span>
      ) : (
        <span className={styles.muted}>—</span>
      ),
  },
];

/**
 * The courses a parent enrolled their children in, with where each stands; an open one leads to the child's
 * progress in it. Nothing enrolled yet leads to the catalogue.
 */
export function FamilyEnrollmentsPanel() {
  const enrollments = useFamilyEnrollments();
  return (
    <section className={styles.panel} aria-labelledby="family-enrollments">
      <h2 id="family-enrollments">
        <GraduationCap size={20} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> Enrollments
      </h2>
      {enrollments.isPending ? (
        <p className={styles.muted} role="status">
          Loading enrollments...
        </p>
      ) : enrollments.isError ? (
        <p className={styles.muted} role="alert">
          {errorMessage(enrollments.error, ENROLLMENT_MESSAGES.enrollmentsLoadFailed)}
        </p>
      ) : enrollments.data.length === 0 ? (
        <p className={styles.muted}>
          No enrollments yet. <Link to={paths.coursesLanding}>Browse our courses</Link> and enroll your child from your
          cart.
        </p>
      ) : (
        <Table label="Your children's enrollments" rows={enrollments.data} rowKey={(e) => e.id} columns={COLUMNS} />
      )}
    </section>
  );
}
