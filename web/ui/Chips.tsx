import { useId, useState } from 'react';
import { X } from 'lucide-react';
import styles from './Chips.module.css';

export interface Chip {
  key: string;
  label: string;
}

/** A list of chips, each with a button that removes it ('Remove Fractions'). */
export function Chips({
  label,
  chips,
  onRemove,
}: {
  label: string;
  chips: readonly Chip[];
  onRemove?(key: string): void;
}) {
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className={styles.chip}>
          {chip.label}
          {onRemove ? (
            <button type="button" aria-label={`Remove ${chip.label}`} onClick={() => onRemove(chip.key)}>
              <X size={14} aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export interface TagInputProps {
  label: string;
  value: string[];
  onChange(tags: string[]): void;
  /** Why a trimmed tag cannot be added (empty, a duplicate, too many), or null when it can. */
  problemWith(tag: string, tags: string[]): string | null;
  maxLength?: number;
  placeholder?: string;
}

/** Free-text tags: type one and press Enter or Add; a refused tag says why. */
export function TagInput({ label, value, onChange, problemWith, maxLength, placeholder }: TagInputProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState('');
  const add = () => {
    const tag = draft.trim();
    const refused = problemWith(tag, value);
    if (refused) return setProblem(refused);
    onChange([...value, tag]);
    setDraft('');
    setProblem('');
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.entry}>
        <input
          id={id}
          className={styles.input}
          value={draft}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={styles.add} onClick={add}>
          Add
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
      <Chips
        label={`Chosen ${label.toLowerCase()}`}
        chips={value.map((tag) => ({ key: tag, label: tag }))}
        onRemove={(tag) => onChange(value.filter((t) => t !== tag))}
      />
    </div>
  );
}

export interface ChipSelectProps {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string[];
  onChange(values: string[]): void;
  error?: string;
}

/** A multi-select from a known list: choose in a select, each choice shown as a removable chip. */
export function ChipSelect({ label, options, value, onChange, error }: ChipSelectProps) {
  const id = useId();
  const chosen = value
    .map((v) => options.find((o) => o.value === v))
    .filter((o): o is ChipSelectProps['options'][number] => o !== undefined);
  const available = options.filter((o) => !value.includes(o.value));
  const noun = label.toLowerCase();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value=""
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => e.target.value && onChange([...value, e.target.value])}
      >
        <option value="">{available.length ? `Add ${noun}...` : `All ${noun} chosen`}</option>
        {available.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.problem} role="alert">
          {error}
        </p>
      ) : null}
      <Chips
        label={`Chosen ${noun}`}
        chips={chosen.map((o) => ({ key: o.value, label: o.label }))}
        onRemove={(key) => onChange(value.filter((v) => v !== key))}
      />
    </div>
  );
}
