import { Link } from 'react-router';
import { paths } from '../../paths';
import styles from './public.module.css';

export default function HomePage() {
  return (
    <section className={styles.hero}>
      <div className={styles.heroText}>
        <h1>Math that clicks, from kindergarten to grade 12</h1>
        <p>Test preparation, competition training and curriculum courses, taught by teachers who love math.</p>
        <Link className={styles.cta} to={paths.signup}>
          Get Started
        </Link>
      </div>
    </section>
  );
}
