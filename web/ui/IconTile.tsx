import type { LucideIcon } from 'lucide-react';
import styles from './IconTile.module.css';

/** A square tile with an icon that marks what a card is (a course's book): decoration, hidden from screen readers. */
export function IconTile({ icon: Icon, tone = 'primary' }: { icon: LucideIcon; tone?: 'primary' | 'accent' }) {
  return (
    <div className={`${styles.tile} ${styles[tone]}`} aria-hidden="true">
      <Icon size={22} />
    </div>
  );
}
