import { useState } from 'react';
import { TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { sizeProblem } from './mathSymbols';

export interface SizeField {
  label: string;
  min: number;
  max: number;
}

/** Asks for a custom matrix, table or piecewise size, within MATH_LIMITS; Insert or Cancel. */
export function SizeDialog({
  title,
  fields,
  onConfirm,
  onCancel,
}: {
  title: string;
  fields: SizeField[];
  onConfirm(values: number[]): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState(fields.map((f) => String(Math.max(f.min, 2))));
  const problems = fields.map((f, i) => sizeProblem(values[i], f.min, f.max, f.label));
  const valid = problems.every((p) => p === null);
  return (
    <FormDialog
      size="sm"
      title={title}
      submitLabel="Insert"
      submitDisabled={!valid}
      onClose={onCancel}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onConfirm(values.map(Number));
      }}
    >
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
    </FormDialog>
  );
}
