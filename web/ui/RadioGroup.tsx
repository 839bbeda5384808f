import { useId } from 'react';
import styles from './RadioGroup.module.css';

export interface RadioGroupProps<V extends string> {
  /** The question the choices answer, as the group's legend. */
  legend: string;
  options: ReadonlyArray<{ value: V; label: string; hint?: string }>;
  value: V;
  onChange(value: V): void;
  disabled?: boolean;
}

/** One choice of a few, each shown with its words: a fieldset of labelled radios, each label a large target. */
export function RadioGroup<V extends string>({ legend, options, value, onChange, disabled }: RadioGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            {option.label}
            {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
