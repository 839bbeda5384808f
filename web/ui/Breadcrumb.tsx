import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import styles from './Breadcrumb.module.css';

export interface Crumb {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) has none. */
  to?: string;
}

/** Where the page stands: links back up the trail, the current page marked for screen readers. */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={`${crumb.label}-${i}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
              {last ? null : <ChevronRight size={16} aria-hidden="true" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
