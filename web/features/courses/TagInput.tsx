import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { COURSE_LIMITS } from '@common/rules';
import { CATEGORY_MESSAGES } from '@common/schemas/courses';
import styles from './courses.module.css';

/** Category tags: type one and press Enter or Add; trimmed, never empty, never twice. */
export function TagInput({ value, onChange }: { value: string[]; onChange(tags: string[]): void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState('');
  const add = () => {
    const tag = draft.trim();
    if (!tag) return setProblem(CATEGORY_MESSAGES.empty);
    if (value.some((t) => t.toLowerCase() === tag.toLowerCase())) return setProblem(CATEGORY_MESSAGES.duplicate(tag));
    if (value.length >= COURSE_LIMITS.categories) return setProblem(CATEGORY_MESSAGES.tooMany);
    onChange([...value, tag]);
    setDraft('');
    setProblem('');
  };
  return (
    <div className={styles.textareaField}>
      <label htmlFor={id}>Categories</label>
      <div className={styles.tagEntry}>
        <input
          id={id}
          value={draft}
          maxLength={COURSE_LIMITS.category}
          placeholder="e.g. Fractions"
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={styles.addTag} onClick={add}>
          Add
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className={styles.errorText} role="alert">
          {problem}
        </p>
      ) : null}
      {value.length ? (
        <ul className={styles.tags} aria-label="Chosen categories">
          {value.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
              <button type="button" aria-label={`Remove ${tag}`} onClick={() => onChange(value.filter((t) => t !== tag))}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
