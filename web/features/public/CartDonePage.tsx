import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { ENROLLMENT_MESSAGES } from '@common/rules';
import { hasCart, useFamilyEnrollments } from '../../api/cart';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { PageState } from '../../ui/PageState';
import { FamilyEnrollments } from './FamilyEnrollments';
import { paymentState } from './payment';
import styles from './public.module.css';

/** How often, and how long, the page asks whether Stripe's word of the payment has reached the academy. */
const POLL_MS = 2000;
const POLL_FOR_MS = 30_000;
/**
 * /cart/done: where Stripe sends the family after a card payment. The enrollment opens when the payment's webhook
 * reaches the server, so the page says it is confirming, reads the enrollments every two seconds for half a minute,
 * and thanks the family once the course is open.
 */
export default function CartDonePage() {
  const { user, loading } = useAuth();
  if (loading) return <PageState kind="loading" title="Loading..." />;
  if (!hasCart(user))
    return (
      <div className={styles.content}>
        <section className={`${styles.card} ${styles.empty}`}>
          <h1>Thank you!</h1>
          <p>
            <Link to={paths.signin}>Log in</Link> to see your enrollments.
          </p>
        </section>
      </div>
    );
  return <PaymentStatus />;
}

function PaymentStatus() {
  const [polling, setPolling] = useState(true);
  const enrollments = useFamilyEnrollments({ refetchInterval: polling ? POLL_MS : false });
  const state = enrollments.data ? paymentState(enrollments.data) : 'waiting';
  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  if (state !== 'waiting' && polling) setPolling(false);
  const title = state === 'arrived' ? 'Payment received' : state === 'none' ? 'Enrollments' : 'Confirming your payment';
  return (
    <div className={styles.content}>
      <h1 className={styles.cartTitle}>{title}</h1>
      {state === 'arrived' ? (
        <Alert tone="success">
          <CheckCircle2 size={18} aria-hidden="true" className={styles.inlineIcon} />
          {ENROLLMENT_MESSAGES.paymentReceived}
        </Alert>
      ) : state === 'waiting' ? (
        <Alert tone="info">
          {polling ? <Loader2 size={18} aria-hidden="true" className={styles.inlineSpin} /> : null}
          {ENROLLMENT_MESSAGES.paymentProcessing}
          {polling ? null : ' Your dashboard shows the enrollment as soon as it opens.'}
        </Alert>
      ) : null}
      <FamilyEnrollments enrollments={enrollments.data} />
    </div>
  );
}
