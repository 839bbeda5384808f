import { Link } from 'react-router';
import { paths } from '../paths';
import styles from './Brand.module.css';

/** The academy's mark and name, linking home. */
export function Brand({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link to={paths.home} className={`${styles.brand} ${tone === 'light' ? styles.light : ''}`}>
      <img src="/favicon.svg" alt="" width={34} height={34} />
      <span>Math Academy</span>
    </Link>
  );
}
