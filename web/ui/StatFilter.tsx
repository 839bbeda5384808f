import type { LucideIcon } from 'lucide-react';
import styles from './StatFilter.module.css';

export interface StatFilterOption<K extends string> {
  key: K;
  label: string;
  value: number;
  icon: LucideIcon;
}

/**
 * Stat cards that are also filters (the users table's All Users, Teachers, ...): each shows its figure, and a
 * press picks it; the picked one is announced as pressed.
 */
export function StatFilter<K extends string>({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: ReadonlyArray<StatFilterOption<K>>;
  selected: K;
  onSelect(key: K): void;
}) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {options.map(({ key, label: name, value, icon: Icon }) => (
        <li key={key}>
          <button
            type="button"
            className={`${styles.card} ${key === selected ? styles.selected : ''}`}
            aria-pressed={key === selected}
            onClick={() => onSelect(key)}
          >
            <span className={styles.icon}>
              <Icon size={20} aria-hidden="true" />
            </span>
            <span className={styles.text}>
              <span className={styles.value}>{value.toLocaleString('en-US')}</span>
              <span className={styles.label}>{name}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
