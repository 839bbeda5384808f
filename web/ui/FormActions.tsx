import { Button } from './Button';
import styles from './FormActions.module.css';

export interface FormActionsProps {
  /** The submit button's words, and what it says while the form is sent. */
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onCancel(): void;
  /** The way back's words: Cancel unless the form says otherwise ('Back to Step 1'). */
  cancelLabel?: string;
  /** Both buttons off (sent, or done). */
  disabled?: boolean;
}

/** The end of a form on a page (FormDialog has its own): the way back, then the submit button, at the right. */
export function FormActions({
  submitLabel,
  busyLabel,
  busy = false,
  onCancel,
  cancelLabel = 'Cancel',
  disabled = false,
}: FormActionsProps) {
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={onCancel} disabled={disabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" disabled={busy || disabled}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
