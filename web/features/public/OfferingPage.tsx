import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BookOpen, CheckCircle2, ClipboardList } from 'lucide-react';
import { ENROLLMENT_MESSAGES, formatPrice, plural } from '@common/rules';
import { hasCart, useAddToCart, useCart } from '../../api/cart';
import { ApiError, errorMessage } from '../../api/client';
import { useOffering } from '../../api/offerings';
import { useAuth } from '../../auth/AuthProvider';
import { RichText } from '../../math/RichText';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageState } from '../../ui/PageState';
import { OfferingArt, includedItems } from './offeringParts';
import styles from './public.module.css';

/**
 * /offerings/{slug}: one offering with its own description, what it grants and its price. PURCHASE THIS COURSE
 * sends visitors to sign up first; a signed-in user's click puts the offering in their cart and opens it. The server
 * decides who may (a parent or a student) and whether the offering is for sale; its refusal shows under the button.
 */
export default function OfferingPage() {
  const { slug = '' } = useParams();
  const offering = useOffering(slug);
  const { isLoggedIn, user } = useAuth();
  const navigate = useNavigate();
  const add = useAddToCart();
  // A parent with one child buys for that child: the item arrives chosen, and a second one is refused at once.
  const cart = useCart(user?.type === 'parent' && hasCart(user));
  const onlyChild = cart.data?.students.length === 1 ? cart.data.students[0].id : undefined;
  const [refusal, setRefusal] = useState<string>();

  if (offering.isPending) return <PageState kind="loading" title="Loading course..." />;
  if (offering.isError) {
    if (offering.error instanceof ApiError && offering.error.status === 404)
      return (
        <EmptyState
          title="Course not found"
          text="This course is not in our catalogue any more."
          action={<Link to={paths.coursesLanding}>See all our courses</Link>}
        />
      );
    return (
      <PageState
        kind="error"
        title={offering.error.message}
        action={<Button onClick={() => void offering.refetch()}>Try Again</Button>}
      />
    );
  }
  const o = offering.data;
  const included = includedItems(o);
  const purchase = () => {
    if (!isLoggedIn) return void navigate(paths.signup);
    setRefusal(undefined);
    add.mutate(
      { offeringId: o.id, studentId: onlyChild },
      {
        onSuccess: () => void navigate(paths.cart),
        onError: (error) => setRefusal(errorMessage(error, ENROLLMENT_MESSAGES.cartSaveFailed)),
      },
    );
  };
  return (
    <>
      <Banner title={o.title}>
        {o.programName} · {o.gradeBand} · {o.level}
      </Banner>
      <div className={styles.content}>
        <div className={styles.split}>
          <div className={styles.cards}>
            <section className={styles.card} aria-labelledby="about-title" style={{ gridColumn: '1 / -1' }}>
              <h2 id="about-title">About this course</h2>
              {o.summary ? <p className={styles.lead}>{o.summary}</p> : null}
              {o.description ? <RichText html={o.description} /> : null}
            </section>
            {o.contents.map((c, i) => (
              <section key={`${c.kind}-${i}`} className={styles.card} aria-labelledby={`content-${i}`}>
                <span className={styles.iconBadge}>
                  {c.kind === 'course' ? <BookOpen aria-hidden="true" /> : <ClipboardList aria-hidden="true" />}
                </span>
                <h3 id={`content-${i}`}>{c.title}</h3>
                {c.kind === 'course' ? (
                  c.units.length ? (
                    <ul className={styles.contentList} aria-label={`Units of ${c.title}`}>
                      {c.units.map((unit, n) => (
                        <li key={n}>{unit}</li>
                      ))}
                    </ul>
                  ) : (
                    <p>Course</p>
                  )
                ) : (
                  <p>Mock test · {plural(c.questions, 'question')}</p>
                )}
              </section>
            ))}
          </div>
          <aside className={`${styles.card} ${styles.purchase} ${styles.purchaseFirst}`} aria-label="Purchase">
            <OfferingArt offering={o} className={styles.offeringArt} />
            <strong className={styles.price}>{formatPrice(o.priceMinor, o.currency)}</strong>
            {included.length ? (
              <ul className={styles.included} aria-label="What's included">
                {included.map((item) => (
                  <li key={item}>
                    <CheckCircle2 size={18} aria-hidden="true" /> {item}
                  </li>
                ))}
              </ul>
            ) : null}
            <Button
              variant="accent"
              size="lg"
              block
              style={{ marginTop: 'var(--space-5)' }}
              aria-disabled={add.isPending}
              aria-describedby={refusal ? 'purchase-refusal' : undefined}
              onClick={purchase}
            >
              PURCHASE THIS COURSE
            </Button>
            {refusal ? (
              <div id="purchase-refusal" className={styles.purchaseNote}>
                <Alert tone="error">{refusal}</Alert>
                <Link to={paths.cart}>Go to your cart</Link>
              </div>
            ) : null}
          </aside>
        </div>
      </div>
    </>
  );
}
