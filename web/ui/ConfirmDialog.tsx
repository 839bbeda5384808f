import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';
import styles from './Dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What the action does and what goes with it. */
  children: ReactNode;
  /** The destructive button's words, such as 'Delete Course'. */
  confirmLabel: string;
  /** While the action runs: the button says so and cannot be pressed twice. */
  busyLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A destructive action's confirmation (every destructive action asks first): Cancel, and the action in red. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      size="sm"
      title={title}
      onClose={onCancel}
      footer={
        <DialogActions onCancel={onCancel}>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {typeof children === 'string' ? <p className={styles.text}>{children}</p> : children}
    </Dialog>
  );
}
