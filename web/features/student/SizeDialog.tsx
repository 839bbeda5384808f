import { useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { sizeProblem } from './mathSymbols';
import styles from './student.module.css';

export interface SizeField {
  label: string;
  min: number;
  max: number;
}

/** A modal asking for a custom matrix, table or piecewise size, within the spec's limits; Insert or Cancel. */
export function SizeDialog({ title, fields, onConfirm, onCancel }: { title: string; fields: SizeField[]; onConfirm(values: number[]): void; onCancel(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [values, setValues] = useState(fields.map((f) => String(Math.max(f.min, 2))));
  const problems = fields.map((f, i) => sizeProblem(values[i], f.min, f.max, f.label));
  useEffect(() => {
    const dialog = ref.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className={styles.dialog} aria-label={title} onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (problems.every((p) => p === null)) onConfirm(values.map(Number));
        }}
      >
        <h3 className={styles.cardTitle}>{title}</h3>
        {fields.map((f, i) => (
          <TextField
            key={f.label}
            label={`${f.label} (${f.min}–${f.max})`}
            inputMode="numeric"
            value={values[i]}
            error={problems[i] ?? undefined}
            onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))}
          />
        ))}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={problems.some((p) => p !== null)}>
            Insert
          </Button>
        </div>
      </form>
    </dialog>
  );
}
