import { useId } from 'react';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange(html: string): void;
  /** Editor height in px (staff.md section 9: 500 question and solution, 120 options, 100 fill-in answers). */
  height?: number;
  placeholder?: string;
  error?: string;
}

/**
 * Rich text with LaTeX math. Placeholder implementation (a textarea): the course-structure work replaces it
 * with the TipTap editor, keeping these props.
 */
export function RichTextEditor({ label, value, onChange, height = 200, placeholder, error }: RichTextEditorProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} placeholder={placeholder} style={{ width: '100%', height }} onChange={(e) => onChange(e.target.value)} />
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
