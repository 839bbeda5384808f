import { useId, type FormEventHandler, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, DialogActions, type DialogProps } from './Dialog';
import styles from './Dialog.module.css';

export interface FormDialogProps {
  title: string;
  /** The submit button's words ('Create Course', 'Insert'), and what it says while the form is sent. */
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The submit button is off while the form cannot be sent. */
  submitDisabled?: boolean;
  /** A failure no field can show (the server unreachable, a conflict), above the fields. */
  error?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  size?: DialogProps['size'];
  /** Buttons before Cancel, such as a preview switch. */
  extraActions?: ReactNode;
  children: ReactNode;
}

/** A form in a dialog: its fields, then the extra actions, Cancel and the submit button in the footer. */
export function FormDialog({
  title,
  submitLabel,
  busyLabel,
  busy = false,
  submitDisabled = false,
  error,
  onSubmit,
  onClose,
  size,
  extraActions,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Dialog
      open
      size={size}
      title={title}
      onClose={onClose}
      footer={
        <>
          {extraActions}
          <DialogActions onCancel={onClose}>
            <Button type="submit" form={formId} disabled={busy || submitDisabled}>
              {busy && busyLabel ? busyLabel : submitLabel}
            </Button>
          </DialogActions>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {error ? (
          <p className={styles.formError} role="alert">
            {error}
          </p>
        ) : null}
        {children}
      </form>
    </Dialog>
  );
}
