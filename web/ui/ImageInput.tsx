import { useEffect, useId, useMemo, useRef } from 'react';
import { Button } from './Button';
import fieldStyles from './Field.module.css';
import styles from './ImageInput.module.css';

export interface ImageInputProps {
  label: string;
  /** The image stored now (its address), if any. */
  currentUrl: string | null;
  /** The file chosen to replace it; null: keep or remove, as `removed` says. */
  file: File | null;
  removed: boolean;
  onChange(next: { file: File | null; removed: boolean }): void;
  hint?: string;
  error?: string;
}

/** One image, chosen from the device: a preview of what will be saved, and Remove. Images only (PNG, JPEG, GIF, WebP). */
export function ImageInput({ label, currentUrl, file, removed, onChange, hint, error }: ImageInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const chosenUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (chosenUrl ? URL.revokeObjectURL(chosenUrl) : undefined), [chosenUrl]);
  const shown = chosenUrl ?? (removed ? null : currentUrl);
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <div className={styles.row}>
        {shown ? (
          <img src={shown} alt={`${label} preview`} className={styles.preview} />
        ) : (
          <span className={styles.none}>No image</span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={hint || error ? `${id}-note` : undefined}
          onChange={(e) => onChange({ file: e.target.files?.[0] ?? null, removed: false })}
        />
        {shown ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange({ file: null, removed: true });
            }}
          >
            Remove image
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-note`} className={fieldStyles.error} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-note`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
