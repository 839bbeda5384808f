import { useId } from 'react';
import { X } from 'lucide-react';
import type { Tag } from '@common/schemas/questions';
import styles from './questions.module.css';

interface TagPickerProps {
  label: string;
  tags: Tag[];
  value: string[];
  onChange(ids: string[]): void;
}

/** A multi-select: choose from a list, each choice shown as a chip that can be removed. */
export function TagPicker({ label, tags, value, onChange }: TagPickerProps) {
  const id = useId();
  const chosen = value.map((v) => tags.find((t) => t.id === v)).filter((t): t is Tag => t !== undefined);
  const available = tags.filter((t) => !value.includes(t.id));
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.input}
        value=""
        onChange={(e) => e.target.value && onChange([...value, e.target.value])}
      >
        <option value="">{available.length ? `Add ${label.toLowerCase()}...` : `All ${label.toLowerCase()} chosen`}</option>
        {available.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
          </option>
        ))}
      </select>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((t) => (
            <li key={t.id} className={styles.chip}>
              {t.name}
              <button type="button" aria-label={`Remove ${t.name}`} onClick={() => onChange(value.filter((v) => v !== t.id))}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
