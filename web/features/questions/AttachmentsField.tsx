import { useId, useRef } from 'react';
import { ImagePlus, RotateCcw, X } from 'lucide-react';
import { ATTACHMENT_TYPES, MAX_ATTACHMENTS, type Attachment } from '@common/schemas/questions';
import { Button } from '../../ui/Button';
import { uploadUrl } from './api';
import styles from './questions.module.css';

interface AttachmentsFieldProps {
  files: File[];
  onFilesChange(files: File[]): void;
  /** In edit: the stored attachments, and those marked for removal (restorable until saved). */
  existing?: Attachment[];
  removed?: string[];
  onRemovedChange?(removed: string[]): void;
}

/** Images only (PNG, JPEG, GIF, WebP), several at once; new files can be dropped again before saving. */
export function AttachmentsField({
  files,
  onFilesChange,
  existing = [],
  removed = [],
  onRemovedChange,
}: AttachmentsFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const remaining = existing.length - removed.length;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Attachments (optional, images only)
      </label>
      {existing.length > 0 ? (
        <ul className={styles.thumbs}>
          {existing.map((a) => {
            const isRemoved = removed.includes(a.filename);
            return (
              <li key={a.filename} className={`${styles.thumb} ${isRemoved ? styles.thumbRemoved : ''}`}>
                <img src={uploadUrl(a.filename)} alt={a.originalname} />
                <span className={styles.thumbName}>
                  {isRemoved ? `${a.originalname} (will be removed)` : a.originalname}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    onRemovedChange?.(isRemoved ? removed.filter((r) => r !== a.filename) : [...removed, a.filename])
                  }
                >
                  {isRemoved ? <RotateCcw size={16} aria-hidden="true" /> : <X size={16} aria-hidden="true" />}
                  {isRemoved ? `Restore ${a.originalname}` : `Remove ${a.originalname}`}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id}
        className={styles.fileInput}
        type="file"
        multiple
        accept={ATTACHMENT_TYPES.join(',')}
        onChange={(e) => {
          const picked = [...(e.target.files ?? [])].filter((f) =>
            (ATTACHMENT_TYPES as readonly string[]).includes(f.type),
          );
          onFilesChange([...files, ...picked].slice(0, Math.max(0, MAX_ATTACHMENTS - remaining)));
          e.target.value = '';
        }}
      />
      <Button
        size="sm"
        variant="secondary"
        onClick={() => input.current?.click()}
        disabled={remaining + files.length >= MAX_ATTACHMENTS}
        icon={ImagePlus}
      >
        Add Images
      </Button>
      {files.length > 0 ? (
        <ul className={styles.newFiles}>
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.name}
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${f.name}`}
                onClick={() => onFilesChange(files.filter((_, k) => k !== i))}
                icon={X}
              ></Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
