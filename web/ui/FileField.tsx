import { useId, useRef, useState, type DragEvent } from 'react';
import { FileUp } from 'lucide-react';
import fieldStyles from './Field.module.css';
import styles from './FileField.module.css';

/** A file's size as people read it: bytes, KB or MB (of 1,024). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface FileFieldProps {
  label: string;
  /** The input's `accept`: extensions and types the picker offers (`.xml,.zip`). */
  accept?: string;
  file: File | null;
  onChange(file: File | null): void;
  hint?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * One file, chosen from the device or dropped on the field, with its name and size once chosen. The native input
 * stays in view: keyboards, screen readers and end-to-end tests reach it by its label.
 */
export function FileField({ label, accept, file, onChange, hint, error, disabled = false }: FileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const noteId = `${id}-note`;

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files;
    if (dropped.length === 0) return;
    // The input shows the dropped file as its own, so it never names another than the one shown below it.
    if (input.current) input.current.files = dropped;
    onChange(dropped[0]);
  };

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div
        className={`${styles.zone} ${over ? styles.over : ''} ${error ? styles.invalid : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <FileUp size={22} aria-hidden="true" className={styles.icon} />
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <span className={styles.drop} aria-hidden="true">
          or drop it here
        </span>
      </div>
      {file ? (
        <p className={styles.chosen} aria-live="polite">
          <span className={styles.name}>{file.name}</span> <span className={styles.size}>{fileSize(file.size)}</span>
        </p>
      ) : null}
      {error ? (
        <p id={noteId} className={fieldStyles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={noteId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
