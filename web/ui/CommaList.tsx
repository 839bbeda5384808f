import { useState } from 'react';
import { TextField } from './Field';

export interface CommaListProps {
  label: string;
  hint?: string;
  error?: string;
  items: readonly string[];
  onChange: (items: string[]) => void;
}

/** A list typed with commas (`cm, mm`, `a, b`): the text kept as typed, commas and all, the list read on every key. */
export function CommaList({ label, hint, error, items, onChange }: CommaListProps) {
  const [text, setText] = useState(items.join(', '));
  return (
    <TextField
      label={label}
      hint={hint}
      error={error}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(',')
            .map((item) => item.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}
