import { Link } from 'react-router';
import { ShoppingCart } from 'lucide-react';
import { paths } from '../../paths';
import styles from './public.module.css';

/** /cart and /shopping-cart: the cart is always empty until purchasing exists. */
export default function CartPage() {
  return (
    <div className={styles.content}>
      <section className={`${styles.card} ${styles.empty}`}>
        <ShoppingCart size={48} aria-hidden="true" color="var(--color-primary)" />
        <h1>Shopping Cart</h1>
        <p>You have nothing in your shopping cart</p>
        <Link to={paths.coursesLanding} className={styles.cta}>
          GET THE COURSE NOW
        </Link>
      </section>
    </div>
  );
}
