import { useEffect, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import type { LinkedStudent } from '@common/schemas/users';
import { Button } from '../../ui/Button';
import { Chips } from '../../ui/Chips';
import { SearchBox } from '../../ui/SearchBox';
import { useStudentSearch } from './api';
import { fullName, gradeLabel } from './messages';
import styles from './users.module.css';

/**
 * Picks existing students (a parent's children, a teacher's students): search by name or e-mail, add from the
 * matches, remove a chip. Only accounts the server lists as students can be picked.
 */
export function StudentPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: LinkedStudent[];
  onChange(next: LinkedStudent[]): void;
  error?: string;
}) {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const matches = useStudentSearch(q);
  const chosen = new Set(value.map((s) => s.id));
  const offered = (matches.data?.users ?? []).filter((s) => !chosen.has(s.id));
  return (
    <fieldset className={styles.picker} aria-labelledby={headingId}>
      <legend id={headingId} className={styles.pickerLegend}>
        {label}
      </legend>
      <Chips
        label={`${label} chosen`}
        chips={value.map((s) => ({ key: s.id, label: s.name }))}
        onRemove={(id) => onChange(value.filter((s) => s.id !== id))}
      />
      <SearchBox
        label={`Search students to add to ${label.toLowerCase()}`}
        placeholder="Search students by name or email"
        value={typed}
        onChange={setTyped}
      />
      {matches.isError ? <p className={styles.pickerNote}>Students could not be loaded.</p> : null}
      {matches.data && offered.length === 0 ? (
        <p className={styles.pickerNote}>{q ? 'No other student matches.' : 'No other students yet.'}</p>
      ) : null}
      {offered.length ? (
        <ul className={styles.pickerList}>
          {offered.slice(0, 8).map((s) => (
            <li key={s.id}>
              <span className={styles.pickerName}>
                {fullName(s)}{' '}
                <span className={styles.muted}>{[s.email, gradeLabel(s.grade)].filter(Boolean).join(' · ')}</span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Add ${fullName(s)}`}
                onClick={() => onChange([...value, { id: s.id, name: fullName(s), email: s.email }])}
                icon={Plus}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
