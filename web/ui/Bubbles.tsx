import { useId } from 'react';
import styles from './Bubbles.module.css';

export interface Bubble {
  value: string;
  /** The words on the bubble, which also name its radio button: a letter, or a short phrase such as "Leave blank". */
  label: string;
  /** A phrase rather than a letter: drawn as a pill, not a circle. */
  wide?: boolean;
}

/**
 * One row of an answer sheet: a radio group whose choices are drawn as circles to fill in, the chosen one filled.
 * Native radio buttons (arrow keys move between them), the group named by `label`, each choice by its own words.
 */
export function Bubbles({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly Bubble[];
  /** The chosen value; null when none is. */
  value: string | null;
  onChange(value: string): void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={styles.row}>
      {options.map((option) => (
        <label key={option.value} className={`${styles.bubble} ${option.wide ? styles.wide : ''}`}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className={styles.input}
          />
          <span className={styles.face}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
