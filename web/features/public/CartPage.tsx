import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BookOpen, CreditCard, Lock, ShoppingCart, Store, Trash2, UserPlus } from 'lucide-react';
import { ENROLLMENT_MESSAGES, formatPrice, plural, type OfferingCurrency } from '@common/rules';
import type { CartItem, CartReply } from '@common/schemas/enrollments';
import { hasCart, useCart, useCheckout, useChooseStudent, useRemoveFromCart } from '../../api/cart';
import { errorMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { PageState } from '../../ui/PageState';
import { Toast, useNotify } from '../../ui/Toast';
import { FamilyEnrollments } from './FamilyEnrollments';
import styles from './public.module.css';

/** Stripe sends a family back to `/cart?payment=cancelled` when they leave its payment page without paying. */
const PAYMENT_PARAM = 'payment';

const price = (minor: number | null, currency: string) => formatPrice(minor, currency as OfferingCurrency);

/**
 * /cart and /shopping-cart: a parent's or a student's cart, kept on the server. A parent chooses, for each course,
 * the child it is for; checking out sends a card payment to Stripe, or reserves the enrollments to be paid at the
 * academy (and opens free ones at once). Visitors and staff, who have no cart, see the empty cart.
 */
export default function CartPage() {
  const { user, loading } = useAuth();
  if (loading) return <PageState kind="loading" title="Loading your cart..." />;
  if (!hasCart(user)) return <EmptyCart visitor={!user} />;
  return <FamilyCart parent={user?.type === 'parent'} />;
}

/** The spec's empty cart; a visitor is told their cart waits behind signing in. */
function EmptyCart({ visitor = false, notice }: { visitor?: boolean; notice?: string }) {
  return (
    <div className={styles.content}>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      <section className={`${styles.card} ${styles.empty}`}>
        <ShoppingCart size={48} aria-hidden="true" color="var(--color-primary)" />
        <h1>Shopping Cart</h1>
        <p>You have nothing in your shopping cart</p>
        <Link to={paths.coursesLanding} className={styles.cta}>
          GET THE COURSE NOW
        </Link>
        {visitor ? (
          <p>
            Already have an account? <Link to={paths.signin}>Log in</Link> to see your cart.
          </p>
        ) : null}
      </section>
    </div>
  );
}

function FamilyCart({ parent }: { parent: boolean }) {
  const cart = useCart();
  const [params] = useSearchParams();
  const cancelled = params.get(PAYMENT_PARAM) === 'cancelled';
  const [done, setDone] = useState<string>();
  if (done) return <CheckedOut message={done} />;
  if (cart.isPending) return <PageState kind="loading" title="Loading your cart..." />;
  if (cart.isError)
    return (
      <div className={styles.content}>
        <PageState
          kind="error"
          title={ENROLLMENT_MESSAGES.cartLoadFailed}
          text={errorMessage(cart.error, 'Please try again.')}
          action={<Button onClick={() => void cart.refetch()}>Try Again</Button>}
        />
      </div>
    );
  const notice = cancelled ? ENROLLMENT_MESSAGES.paymentCancelled : undefined;
  if (cart.data.items.length === 0) return <EmptyCart notice={notice} />;
  return <FilledCart cart={cart.data} parent={parent} notice={notice} onDone={setDone} />;
}

function FilledCart({
  cart,
  parent,
  notice,
  onDone,
}: {
  cart: CartReply;
  parent: boolean;
  notice?: string;
  onDone(message: string): void;
}) {
  const notify = useNotify();
  const checkout = useCheckout();
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const unchosen = cart.items.filter((item) => !item.studentId);
  const noChildren = parent && cart.students.length === 0;

  const checkOut = () => {
    setFailure(undefined);
    if (unchosen.length > 0) return setMissing(true);
    checkout.mutate(undefined, {
      onSuccess: (reply) => {
        if (reply.kind === 'card') {
          // Stripe's page takes the payment; the cart stays as it is until it is paid.
          setLeaving(true);
          window.location.assign(reply.url);
        } else onDone(reply.message);
      },
      onError: (error) => setFailure(errorMessage(error, ENROLLMENT_MESSAGES.checkoutFailed)),
    });
  };

  return (
    <div className={styles.content}>
      <Toast notice={notify.notice} />
      <h1 className={styles.cartTitle}>Shopping Cart</h1>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {noChildren ? (
        <Alert tone="info">
          Each course is for one of your children. <Link to={paths.dashboardSection('children')}>Add your child</Link>{' '}
          first, then come back to choose them here: your cart keeps its courses.
        </Alert>
      ) : null}
      <div className={styles.split}>
        <ul className={styles.cartItems} aria-label="Courses in your cart">
          {cart.items.map((item) => (
            <li key={item.id}>
              <CartRow
                item={item}
                cart={cart}
                parent={parent}
                missing={missing && !item.studentId}
                onNotice={(tone, text) => notify.notify(tone, text)}
              />
            </li>
          ))}
        </ul>
        <aside className={`${styles.card} ${styles.purchase}`} aria-labelledby="cart-summary">
          <h2 id="cart-summary">Order summary</h2>
          <p>{plural(cart.count, 'course')}</p>
          <dl className={styles.totals}>
            {cart.totals.length === 0 ? (
              <div>
                <dt>Total</dt>
                <dd>Free</dd>
              </div>
            ) : (
              cart.totals.map((t) => (
                <div key={t.currency}>
                  <dt>Total{cart.totals.length > 1 ? ` (${t.currency})` : ''}</dt>
                  <dd>{price(t.amountMinor, t.currency)}</dd>
                </div>
              ))
            )}
          </dl>
          <PaymentNote cart={cart} />
          {missing && unchosen.length > 0 ? <Alert tone="error">{ENROLLMENT_MESSAGES.chooseStudent}</Alert> : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Button
            variant="accent"
            size="lg"
            block
            icon={cart.payment === 'card' && cart.totals.length > 0 ? Lock : undefined}
            aria-disabled={checkout.isPending || leaving}
            onClick={checkOut}
          >
            {leaving ? 'Opening the payment page...' : checkout.isPending ? 'Checking out...' : 'Check out'}
          </Button>
          <Link to={paths.coursesLanding} className={styles.keepShopping}>
            Add another course
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** How checking out takes the money, said before the family commits. */
function PaymentNote({ cart }: { cart: CartReply }) {
  const priced = cart.totals.length > 0;
  if (!priced)
    return (
      <p className={styles.paymentNote}>
        <BookOpen size={18} aria-hidden="true" /> Nothing to pay: the courses open as soon as you check out.
      </p>
    );
  if (cart.payment === 'card')
    return (
      <p className={styles.paymentNote}>
        <CreditCard size={18} aria-hidden="true" /> You pay by card on Stripe&apos;s secure payment page; we never see
        your card number. The courses open as soon as the payment arrives.
      </p>
    );
  return (
    <p className={styles.paymentNote}>
      <Store size={18} aria-hidden="true" /> No payment online: checking out reserves your place, and you pay at the
      academy. The courses open as soon as we mark the payment received.
    </p>
  );
}

function CartRow({
  item,
  cart,
  parent,
  missing,
  onNotice,
}: {
  item: CartItem;
  cart: CartReply;
  parent: boolean;
  missing: boolean;
  onNotice(tone: 'success' | 'error', text: string): void;
}) {
  const choose = useChooseStudent();
  const remove = useRemoveFromCart();
  const o = item.offering;
  const studentOptions = cart.students.map((s) => ({ value: s.id, label: s.name }));
  return (
    <article className={`${styles.card} ${styles.cartItem}`} aria-label={o.title}>
      {o.imageUrl ? (
        <img src={o.imageUrl} alt="" className={styles.cartArt} loading="lazy" decoding="async" />
      ) : (
        <span className={`${styles.iconBadge} ${styles.cartArt}`}>
          <BookOpen aria-hidden="true" />
        </span>
      )}
      <div className={styles.cartBody}>
        <p className={styles.cartProgram}>{o.programName}</p>
        <h2>
          <Link to={paths.offering.href(o.slug)}>{o.title}</Link>
        </h2>
        {parent ? (
          cart.students.length === 0 ? (
            <p>
              <UserPlus size={16} aria-hidden="true" /> For:{' '}
              <Link to={paths.dashboardSection('children')}>add your child</Link> first
            </p>
          ) : (
            <div className={styles.cartFor}>
              <SelectField
                label="For"
                placeholder="Choose your child"
                options={studentOptions}
                value={item.studentId ?? ''}
                error={missing ? ENROLLMENT_MESSAGES.chooseStudent : undefined}
                aria-disabled={choose.isPending}
                onChange={(e) => {
                  if (!e.target.value) return;
                  choose.mutate(
                    { id: item.id, studentId: e.target.value },
                    { onError: (error) => onNotice('error', errorMessage(error, ENROLLMENT_MESSAGES.cartSaveFailed)) },
                  );
                }}
              />
            </div>
          )
        ) : (
          <p>For: {item.studentName ?? 'you'}</p>
        )}
      </div>
      <div className={styles.cartSide}>
        <strong className={styles.cartPrice}>{price(o.priceMinor, o.currency)}</strong>
        <Button
          variant="ghost"
          size="sm"
          icon={Trash2}
          aria-label={`Remove ${o.title}${item.studentName ? ` for ${item.studentName}` : ''}`}
          aria-disabled={remove.isPending}
          onClick={() =>
            remove.mutate(item.id, {
              onSuccess: (reply) => onNotice('success', reply.message),
              onError: (error) => onNotice('error', errorMessage(error, ENROLLMENT_MESSAGES.cartSaveFailed)),
            })
          }
        >
          Remove
        </Button>
      </div>
    </article>
  );
}

/** Checked out without a card: the server's word (reserved, or open now) and where the enrollments stand. */
function CheckedOut({ message }: { message: string }) {
  return (
    <div className={styles.content}>
      <h1 className={styles.cartTitle}>Thank you!</h1>
      <Alert tone="success">{message}</Alert>
      <FamilyEnrollments />
    </div>
  );
}
